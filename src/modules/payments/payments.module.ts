import { defineModule } from '../../core/module';
import { Migration0006Payments } from '../../migrations/Migration0006Payments';
import { Migration0011Costs } from '../../migrations/Migration0011Costs';
import { Migration0044PaymentSources } from '../../migrations/Migration0044PaymentSources';
import { Migration0047PaymentMatching } from '../../migrations/Migration0047PaymentMatching';
import { costsModule } from '../costs/costs.module';
import { documentsModule } from '../documents/documents.module';
import { savedViewsModule } from '../savedviews/savedviews.module';
import { BankAccount } from './bank-account.entity';
import { BankAccountsService } from './bank-accounts.service';
import { PaymentMatcher } from './payment-matcher';
import { PaymentIntake } from './payment-intake';
import { paymentEvents } from './payment.events';
import { Payment } from './payment.entity';
import { paymentsOpenApi } from './payments.openapi';
import { PaymentsResolver } from './payments.resolver';
import { paymentRoutes } from './payments.routes';
import { PaymentsService } from './payments.service';
import { StatementImportService } from './statement-import.service';
import { listPaymentsInput } from './payments.inputs';
import { paymentExportSource } from './payment-export-source';
import { ManualPaymentsService } from './manual-payments';
import { StatementFiles } from './statements/statement-files';
import { StatementFilesResolver } from './statements/statement-files.resolver';

export const paymentsModule = defineModule({
  name: 'payments',
  dependsOn: [documentsModule, costsModule, savedViewsModule],
  events: paymentEvents,
  eventAccess: { section: 'payments' },
  entities: [BankAccount, Payment],
  // Migration0011Costs lets a payment point at a received cost (costId); Migration0044 adds the sources of issue 28.
  migrations: [Migration0006Payments, Migration0011Costs, Migration0044PaymentSources, Migration0047PaymentMatching],
  openapi: paymentsOpenApi,
  build: ({ infra, documents, costs, savedviews }) => {
    const matcher = new PaymentMatcher(
      infra.clock,
      infra.events,
      documents.documents,
      documents.reads,
      costs.costPayments,
    );
    const bankAccounts = new BankAccountsService(infra.clock);
    const views = savedviews.savedViews.register({
      resource: 'payments',
      section: 'payments',
      query: listPaymentsInput,
    });
    const payments = new PaymentsService(matcher, documents.reads, costs.costPayments, views);
    const intake = new PaymentIntake(infra.clock, infra.events, matcher);
    const statementImport = new StatementImportService(bankAccounts, intake);
    const manualPayments = new ManualPaymentsService(bankAccounts, intake, payments);
    const statementFiles = new StatementFiles(statementImport);
    const services = { bankAccounts, payments, statementImport, intake, manualPayments, statementFiles };
    return {
      services: { ...services, exportSource: paymentExportSource },
      routes: { api: (api) => paymentRoutes(api, services) },
      resolvers: [new PaymentsResolver(services), new StatementFilesResolver(services)],
    };
  },
});
