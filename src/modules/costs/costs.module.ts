import { defineModule } from '../../core/module';
import { Migration0011Costs } from '../../migrations/Migration0011Costs';
import { Migration0032CostsExchangeRates } from '../../migrations/Migration0032CostsExchangeRates';
import { contactsModule } from '../contacts/contacts.module';
import { documentsModule } from '../documents/documents.module';
import { identityModule } from '../identity/identity.module';
import { ratesModule } from '../rates/rates.module';
import { savedViewsModule } from '../savedviews/savedviews.module';
import { CostPayments } from './cost-payments';
import { CostReports } from './cost-reports';
import { costSeries } from './cost-series';
import { Cost } from './cost.entity';
import { costEvents } from './cost.events';
import { costsOpenApi } from './costs.openapi';
import { CostsResolver } from './costs.resolver';
import { costRoutes } from './costs.routes';
import { CostsService } from './costs.service';
import { listCostsQuery } from './costs.inputs';

/** Received costs (issue 16): supplier invoices and receipts, numbered from the documents' numbering series. */
export const costsModule = defineModule({
  name: 'costs',
  dependsOn: [identityModule, contactsModule, documentsModule, ratesModule, savedViewsModule],
  events: costEvents,
  eventAccess: { section: 'costs' },
  entities: [Cost],
  // Migration0032CostsExchangeRates: the exchange rate and the CZK amounts of a cost.
  migrations: [Migration0011Costs, Migration0032CostsExchangeRates],
  openapi: costsOpenApi,
  build: ({ infra, documents, rates, savedviews }) => {
    documents.numbering.register(costSeries);
    const views = savedviews.savedViews.register({ resource: 'costs', section: 'costs', query: listCostsQuery });
    const costs = new CostsService(infra.clock, infra.events, documents.numbering, rates.czkRates, views);
    const costPayments = new CostPayments(infra.clock, infra.events);
    return {
      services: { costs, costPayments, reports: new CostReports() },
      routes: { api: (api) => costRoutes(api, costs) },
      resolvers: [new CostsResolver(costs)],
    };
  },
});
