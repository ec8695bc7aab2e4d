import { defineModule } from '../../core/module';
import { Migration0004ContactsProducts } from '../../migrations/Migration0004ContactsProducts';
import { identityModule } from '../identity/identity.module';
import { savedViewsModule } from '../savedviews/savedviews.module';
import { Product } from './product.entity';
import { productEvents } from './product.events';
import { listProductsQuery } from './products.inputs';
import { productsOpenApi } from './products.openapi';
import { ProductsResolver } from './products.resolver';
import { productRoutes } from './products.routes';
import { ProductsService } from './products.service';
import { productExportSource } from './product-export-source';

export const productsModule = defineModule({
  name: 'products',
  dependsOn: [identityModule, savedViewsModule],
  events: productEvents,
  eventAccess: { section: 'documents' },
  entities: [Product],
  migrations: [Migration0004ContactsProducts],
  openapi: productsOpenApi,
  build: ({ infra, savedviews }) => {
    const views = savedviews.savedViews.register({
      resource: 'products',
      section: 'documents',
      query: listProductsQuery,
    });
    const products = new ProductsService(infra.clock, infra.events, views);
    return {
      services: { products, exportSource: productExportSource },
      routes: { api: (api) => productRoutes(api, products) },
      resolvers: [new ProductsResolver(products)],
    };
  },
});
