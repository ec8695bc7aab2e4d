import { defineModule } from '../../core/module';
import { costsModule } from '../costs/costs.module';
import { documentsModule } from '../documents/documents.module';
import { reportsOpenApi } from './reports.openapi';
import { ReportsResolver } from './reports.resolver';
import { reportRoutes } from './reports.routes';
import { ReportsService } from './reports.service';

/** VAT, control statement and sales reports over the documents' and costs' tables. */
export const reportsModule = defineModule({
  name: 'reports',
  dependsOn: [documentsModule, costsModule],
  openapi: reportsOpenApi,
  build: () => {
    const reports = new ReportsService();
    return {
      services: { reports },
      routes: { api: (api) => reportRoutes(api, reports) },
      resolvers: [new ReportsResolver(reports)],
    };
  },
});
