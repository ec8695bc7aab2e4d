import type { FakturaModule } from '../../core/module';
import { reportsOpenApi } from './reports.openapi';
import { ReportsResolver } from './reports.resolver';
import { reportRoutes } from './reports.routes';

export const reportsModule: FakturaModule = {
  name: 'reports',
  routes: reportRoutes,
  resolvers: (c) => [new ReportsResolver(c)],
  openapi: reportsOpenApi,
};
