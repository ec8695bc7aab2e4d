import { defineModule } from '../../core/module';
import { Migration0006Payments } from '../../migrations/Migration0006Payments';
import { Migration0011Costs } from '../../migrations/Migration0011Costs';
import { Migration0044PaymentSources } from '../../migrations/Migration0044PaymentSources';
import { Migration0047PaymentMatching } from '../../migrations/Migration0047PaymentMatching';
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
import { PaymentReports } from './payment-reports';
import { StatementImportService } from './statement-import.service';
import { listPaymentsInput } from './payments.inputs';
import { paymentExportSource } from './payment-export-source';
import { ManualPaymentsService } from './manual-payments';
import { StatementFiles } from './statements/statement-files';
import { StatementFilesResolver } from './statements/statement-files.resolver';
import { Migration0046PaymentGateways } from '../../migrations/Migration0046PaymentGateways';
import { GATEWAY_SEALED_SECRETS, PaymentGateways } from './gateway/payment-gateways.service';
import { OnlinePayments } from './gateway/online-payments';
import { StripeGateway } from './gateway/stripe-gateway';
import { gatewayRoutes } from './gateway/gateway.routes';
import { gatewayOpenApi } from './gateway/gateway.openapi';
import { GatewayResolver } from './gateway/gateway.resolver';
import { gatewayRetention } from './gateway/gateway-retention';
import { retentionJob } from '../../core/retention';
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
  // Migration0045: bank connections; Migration0046: the payment gateway (payment_gateways, gateway_checkouts,
  // gateway_events); Migration0047: the amount a matched payment applies.
  migrations: [
    Migration0006Payments,
    Migration0011Costs,
    Migration0044PaymentSources,
    Migration0045BankConnections,
    Migration0046PaymentGateways,
    Migration0047PaymentMatching,
  ],
  openapi: { ...paymentsOpenApi, ...gatewayOpenApi },
  sealedSecrets: [
    { table: 'bank_connections', column: 'token', idColumn: 'id', purpose: BANK_TOKEN_PURPOSE },
    ...GATEWAY_SEALED_SECRETS,
  ],
  build: ({ infra, documents, costs, savedviews, notifications }) => {
    const matcher = new PaymentMatcher(
      infra.clock,
      infra.events,
      documents.documents,
      documents.reads,
      costs.costPayments,
    );
    // A deleted account's bank connection goes with it (connections is built below).
    const bankAccounts = new BankAccountsService(infra.clock, (em, id): Promise<boolean> =>
      connections.removeFor(em, id),
    );
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
    const { config } = infra;
    // Issue 28 point 2: bank sync (Fio).
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
    const connections: BankConnectionsService = new BankConnectionsService(
      infra.clock,
      infra.secretBox,
      bankAccounts,
      bankSync,
      infra.audit,
      infra.events,
    );
    // Issue 28 point 4: online payment of an invoice through the company's payment gateway.
    const gateways = new PaymentGateways(infra.clock, infra.secretBox, infra.audit, config.PUBLIC_URL, [
      new StripeGateway(config.STRIPE_API_URL, config.PAYMENT_GATEWAY_TIMEOUT_MS),
    ]);
    const onlinePayments = new OnlinePayments(
      infra.clock,
      gateways,
      bankAccounts,
      intake,
      matcher,
      documents.reads,
      config.PUBLIC_URL,
    );
    documents.publicPayments.register(onlinePayments);
    const gateway = { gateways, onlinePayments };
    return {
      services: { ...services, exportSource: paymentExportSource, connections, reports: new PaymentReports() },
      routes: {
        api: (api) => {
          paymentRoutes(api, services);
          bankConnectionRoutes(api, connections);
          gatewayRoutes(api, gateway);
        },
      },
      resolvers: [
        new PaymentsResolver(services),
        new StatementFilesResolver(services),
        new BankConnectionsResolver(connections),
        new GatewayResolver(gateways),
      ],
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
        retentionJob('payments', infra, gatewayRetention),
      ],
    };
  },
});
