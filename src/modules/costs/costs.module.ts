import { defineModule } from '../../core/module';
import { Migration0011Costs } from '../../migrations/Migration0011Costs';
import { Migration0032CostsExchangeRates } from '../../migrations/Migration0032CostsExchangeRates';
import { Migration0039CostAttachments } from '../../migrations/Migration0039CostAttachments';
import { Migration0049CostOrigin } from '../../migrations/Migration0049CostOrigin';
import { contactsModule } from '../contacts/contacts.module';
import { documentsModule } from '../documents/documents.module';
import { identityModule } from '../identity/identity.module';
import { ratesModule } from '../rates/rates.module';
import { savedViewsModule } from '../savedviews/savedviews.module';
import { CostAttachment } from './cost-attachment.entity';
import { CostAttachments } from './cost-attachments';
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
import { costExportSource } from './cost-export-source';
import { CostImport } from './isdoc/cost-import';
import { IsdocSchema } from './isdoc/isdoc-schema';
import { isdocXmlOf } from './isdoc/isdoc-file';
import { parseIsdoc } from './isdoc/isdoc-invoice';

// What other modules may use besides the services below: the reader of files embedded in a PDF lives in core (core/pdf-attachments).
export type { ImportFile } from './isdoc/cost-import';
export type { CostView } from './costs.views';
export type { ReceivedOrigin } from './costs.service';
/** The OpenAPI schema of a cost record, for the inbox's confirm answer. */
export { costRecord } from './costs.openapi';
// The GraphQL types the inbox's confirm answers and takes (issue 29).
export { CostGqlType, UpdateCostInput } from './costs.graphql';

export type { IsdocInvoice } from './isdoc/isdoc-invoice';

/**
 * Read-only ISDOC reading for the costs inbox's extraction (issue 29): the XML of an .isdoc or an
 * .isdocx (bounded as the import bounds it; IsdocInvalid / ImportFileTooLarge otherwise) and its fields.
 */
export const isdocReader = {
  xmlOf: (format: 'isdoc' | 'isdocx', content: Buffer): Promise<string> => isdocXmlOf(format, content),
  parse: parseIsdoc,
};

/** Received costs (issue 16): supplier invoices and receipts, numbered from the documents' numbering series. */
export const costsModule = defineModule({
  name: 'costs',
  dependsOn: [identityModule, contactsModule, documentsModule, ratesModule, savedViewsModule],
  events: costEvents,
  eventAccess: { section: 'costs' },
  entities: [Cost, CostAttachment],
  // Migration0032CostsExchangeRates: the exchange rate and the CZK amounts of a cost; Migration0039CostAttachments: files kept with a cost, its payment account;
  // Migration0049CostOrigin: the inbox item a cost was confirmed from.
  migrations: [
    Migration0011Costs,
    Migration0032CostsExchangeRates,
    Migration0039CostAttachments,
    Migration0049CostOrigin,
  ],
  openapi: costsOpenApi,
  build: ({ infra, contacts, documents, rates, savedviews }) => {
    documents.numbering.register(costSeries);
    const views = savedviews.savedViews.register({ resource: 'costs', section: 'costs', query: listCostsQuery });
    const costs = new CostsService(infra.clock, infra.events, documents.numbering, rates.czkRates, views);
    const costPayments = new CostPayments(infra.clock, infra.events);
    const costImport = new CostImport(costs, contacts.contacts, new IsdocSchema());
    const attachments = new CostAttachments();
    return {
      services: { costs, costPayments, costImport, reports: new CostReports(), exportSource: costExportSource },
      routes: { api: (api) => costRoutes(api, { costs, costImport, attachments }) },
      resolvers: [new CostsResolver(costs, costImport)],
    };
  },
});
