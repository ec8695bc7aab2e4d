import { defineModule } from '../../core/module';
import { Migration0006Payments } from '../../migrations/Migration0006Payments';
import { documentsModule } from '../documents/documents.module';
import { eventsModule } from '../events/events.module';
import { BankAccount } from './bank-account.entity';
import { BankAccountsService } from './bank-accounts.service';
import { DocumentLookup } from './document-lookup';
import { PaymentMatcher } from './payment-matcher';
import { Payment } from './payment.entity';
import { paymentsOpenApi } from './payments.openapi';
import { PaymentsResolver } from './payments.resolver';
import { paymentRoutes } from './payments.routes';
import { PaymentsService } from './payments.service';
import { StatementImportService } from './statement-import.service';

export const paymentsModule = defineModule({
  name: 'payments',
  dependsOn: [documentsModule, eventsModule],
  entities: [BankAccount, Payment],
  migrations: [Migration0006Payments],
  openapi: paymentsOpenApi,
  build: ({ infra, documents }) => {
    const matcher = new PaymentMatcher(infra.clock, infra.events, documents.documents);
    const bankAccounts = new BankAccountsService(infra.clock);
    const payments = new PaymentsService(matcher, new DocumentLookup());
    const statementImport = new StatementImportService(infra.clock, infra.events, bankAccounts, matcher);
    const services = { bankAccounts, payments, statementImport };
    return {
      services,
      routes: { api: (api) => paymentRoutes(api, services) },
      resolvers: [new PaymentsResolver(services)],
    };
  },
});
