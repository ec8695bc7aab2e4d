import { defineModule } from '../../core/module';
import { Migration0006Payments } from '../../migrations/Migration0006Payments';
import { Migration0011Costs } from '../../migrations/Migration0011Costs';
import { Migration0044PaymentSources } from '../../migrations/Migration0044PaymentSources';
import { Migration0045BankConnections } from '../../migrations/Migration0045BankConnections';
import { costsModule } from '../costs/costs.module';
import { documentsModule } from '../documents/documents.module';
import { notificationsModule } from '../notifications/notifications.module';
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
import { BankConnection } from './fio/bank-connection.entity';
import { bankConnectionRoutes } from './fio/bank-connection.routes';
import { BankConnectionsService } from './fio/bank-connections.service';
import { ACCOUNT_SYNC_JOB, BANK_TOKEN_PURPOSE, BankSync, SYNC_SWEEP_JOB } from './fio/bank-sync';
import { FioClient } from './fio/fio-client';
import { BankConnectionsResolver } from './fio/bank-connections.resolver';
import { CZ_TZ } from '../../core/clock';

export const paymentsModule = defineModule({
  name: 'payments',
  dependsOn: [documentsModule, costsModule, savedViewsModule, notificationsModule],
  events: paymentEvents,
  eventAccess: { section: 'payments' },
  entities: [BankAccount, Payment, BankConnection],
  // Migration0011Costs lets a payment point at a received cost (costId); Migration0044 adds the sources of issue 28.
  migrations: [Migration0006Payments, Migration0011Costs, Migration0044PaymentSources, Migration0045BankConnections],
  openapi: paymentsOpenApi,
  sealedSecrets: [{ table: 'bank_connections', column: 'token', idColumn: 'id', purpose: BANK_TOKEN_PURPOSE }],
  build: ({ infra, documents, costs, savedviews, notifications }) => {
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
    const services = { bankAccounts, payments, statementImport, intake };
    const { config } = infra;
    const bankSync = new BankSync(
      infra.orm,
      infra.clock,
      infra.secretBox,
      new FioClient(config.FIO_API_URL, config.FIO_TIMEOUT_MS),
      intake,
      notifications.notifications,
      infra.events,
      infra.scheduler,
      config.BANK_SYNC_INTERVAL_MINUTES,
      infra.logger.child({ job: ACCOUNT_SYNC_JOB }),
    );
    const connections = new BankConnectionsService(
      infra.clock,
      infra.secretBox,
      bankAccounts,
      bankSync,
      infra.audit,
      infra.events,
    );
    return {
      services: { ...services, exportSource: paymentExportSource, connections },
      routes: {
        api: (api) => {
          paymentRoutes(api, services);
          bankConnectionRoutes(api, connections);
        },
      },
      resolvers: [new PaymentsResolver(services), new BankConnectionsResolver(connections)],
      jobs: [
        {
          name: ACCOUNT_SYNC_JOB,
          run: async (data) => {
            if (typeof data.connectionId === 'string') await bankSync.sync(data.connectionId, { due: true });
          },
        },
        {
          name: SYNC_SWEEP_JOB,
          run: async () => void (await bankSync.sweep()),
          recurring: { key: 'every-minute', cron: '* * * * *', timezone: CZ_TZ },
        },
      ],
    };
  },
});
