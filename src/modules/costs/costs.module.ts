import { defineModule } from '../../core/module';
import { Migration0011Costs } from '../../migrations/Migration0011Costs';
import { Migration0032CostsExchangeRates } from '../../migrations/Migration0032CostsExchangeRates';
import { contactsModule } from '../contacts/contacts.module';
import { documentsModule } from '../documents/documents.module';
import { identityModule } from '../identity/identity.module';
import { ratesModule } from '../rates/rates.module';
import { CostPayments } from './cost-payments';
import { CostReports } from './cost-reports';
import { costSeries } from './cost-series';
import { Cost } from './cost.entity';
import { costEvents } from './cost.events';
import { costsOpenApi } from './costs.openapi';
import { CostsResolver } from './costs.resolver';
import { costRoutes } from './costs.routes';
import { CostsService } from './costs.service';
import { costExportSource } from './cost-export-source';

/** Received costs (issue 16): supplier invoices and receipts, numbered from the documents' numbering series. */
export const costsModule = defineModule({
  name: 'costs',
  dependsOn: [identityModule, contactsModule, documentsModule, ratesModule],
  events: costEvents,
  eventAccess: { section: 'costs' },
  entities: [Cost],
  // Migration0032CostsExchangeRates: the exchange rate and the CZK amounts of a cost.
  migrations: [Migration0011Costs, Migration0032CostsExchangeRates],
  openapi: costsOpenApi,
  build: ({ infra, documents, rates }) => {
    documents.numbering.register(costSeries);
    const costs = new CostsService(infra.clock, infra.events, documents.numbering, rates.czkRates);
    const costPayments = new CostPayments(infra.clock, infra.events);
    return {
      services: { costs, costPayments, reports: new CostReports(), exportSource: costExportSource },
      routes: { api: (api) => costRoutes(api, costs) },
      resolvers: [new CostsResolver(costs)],
    };
  },
});
