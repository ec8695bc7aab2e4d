import type { FakturaModule } from '../../core/module';
import { paymentsOpenApi } from './payments.openapi';
import { PaymentsResolver } from './payments.resolver';
import { paymentRoutes } from './payments.routes';

export const paymentsModule: FakturaModule = {
  name: 'payments',
  routes: (api, c) => paymentRoutes(api, c),
  resolvers: (c) => [new PaymentsResolver(c)],
  openapi: paymentsOpenApi,
};
