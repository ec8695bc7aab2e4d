import { defineModule } from '../../core/module';
import { contactsModule } from '../contacts/contacts.module';
import { costsModule } from '../costs/costs.module';
import { documentsModule } from '../documents/documents.module';
import { reportsOpenApi } from './reports.openapi';
import { ReportsResolver } from './reports.resolver';
import { reportRoutes } from './reports.routes';
import { ReportsService } from './reports.service';
import { ReportStatistics } from './statistics';

/** VAT, control statement and sales reports and statistics over what the documents, costs and contacts modules read for them. */
export const reportsModule = defineModule({
  name: 'reports',
  dependsOn: [documentsModule, costsModule, contactsModule],
  openapi: reportsOpenApi,
  build: ({ infra, documents, costs, contacts }) => {
    const sources = { documents: documents.reads, costs: costs.reports, contacts: contacts.contacts };
    const reports = new ReportsService(sources);
    const statistics = new ReportStatistics(sources, infra.clock);
    return {
      services: { reports },
      routes: { api: (api) => reportRoutes(api, reports, statistics) },
      resolvers: [new ReportsResolver(reports, statistics)],
    };
  },
});
