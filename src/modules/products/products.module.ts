import type { FakturaModule } from '../../core/module';
import { productsOpenApi } from './products.openapi';
import { ProductsResolver } from './products.resolver';
import { productRoutes } from './products.routes';

export const productsModule: FakturaModule = {
  name: 'products',
  routes: (api, c) => productRoutes(api, c.products),
  resolvers: (c) => [new ProductsResolver(c.products)],
  openapi: productsOpenApi,
};
