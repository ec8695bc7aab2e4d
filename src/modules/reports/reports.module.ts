import { defineModule } from '../../core/module';
import { companyModule } from '../company/company.module';
import { contactsModule } from '../contacts/contacts.module';
import { costsModule } from '../costs/costs.module';
import { documentsModule } from '../documents/documents.module';
import { paymentsModule } from '../payments/payments.module';
import { EpoFiling } from './epo/epo-filing';
import { reportsOpenApi } from './reports.openapi';
import { ReportsResolver } from './reports.resolver';
import { reportRoutes } from './reports.routes';
import { ReportsService } from './reports.service';
import { ReportStatistics } from './statistics';

/**
 * VAT, control statement and sales reports and statistics over what the documents, costs and contacts
 * modules read for them; the VAT return and the control statement as EPO XML files (epo/), with the
 * company's identification.
 */
export const reportsModule = defineModule({
  name: 'reports',
  dependsOn: [documentsModule, costsModule, contactsModule, companyModule, paymentsModule],
  openapi: reportsOpenApi,
  build: ({ infra, documents, costs, contacts, company, payments }) => {
    const sources = {
      documents: documents.reads,
      costs: costs.reports,
      contacts: contacts.contacts,
      payments: payments.reports,
    };
    const reports = new ReportsService(sources);
    const statistics = new ReportStatistics(sources, infra.clock);
    const filing = new EpoFiling(reports, {
      profileOf: (em, organizationId) => company.company.profileOf(em, organizationId),
      clock: infra.clock,
    });
    return {
      services: { reports },
      routes: { api: (api) => reportRoutes(api, { reports, statistics, filing }) },
      resolvers: [new ReportsResolver(reports, statistics)],
    };
  },
});
