import type { Logger } from 'pino';
import type { Config } from './config';
import type { Clock } from './core/clock';
import type { Orm } from './core/db/orm';
import { Authenticator } from './core/http/authenticator';
import { Gate } from './core/http/gate';
import type { Scheduler } from './core/jobs/scheduler';
import type { Metrics } from './core/observability/metrics';
import { ApiKeyVerifier, API_KEY_PREFIX } from './modules/apikeys/api-key.verifier';
import { ApiKeysService } from './modules/apikeys/apikeys.service';
import { ContactsService } from './modules/contacts/contacts.service';
import { createMailer, type Mailer } from './core/mail';
import { DocumentLifecycle } from './modules/documents/document-lifecycle';
import { DocumentMailing } from './modules/documents/document-mailing';
import { DocumentsService } from './modules/documents/documents.service';
import { BankAccountsService } from './modules/payments/bank-accounts.service';
import { DocumentLookup } from './modules/payments/document-lookup';
import { PaymentMatcher } from './modules/payments/payment-matcher';
import { PaymentsService } from './modules/payments/payments.service';
import { StatementImportService } from './modules/payments/statement-import.service';
import { NumberingService } from './modules/documents/numbering';
import { OverdueCheck } from './modules/documents/overdue-check';
import { PublicDocuments } from './modules/documents/public-documents';
import { ReportsService } from './modules/reports/reports.service';
import { EventOutbox } from './modules/events/event-outbox';
import { OutboxDispatcher } from './modules/events/outbox-dispatcher';
import { IdentityService } from './modules/identity/identity.service';
import { Passwords } from './modules/identity/passwords';
import { SessionTokens } from './modules/identity/session-tokens';
import { SessionVerifier } from './modules/identity/session.verifier';
import { AccessTokenVerifier } from './modules/oauth/access-token.verifier';
import { ApplicationsService } from './modules/oauth/applications.service';
import { AuthorizationService } from './modules/oauth/authorization.service';
import { ClientAuthenticator } from './modules/oauth/client-auth';
import { GrantsService } from './modules/oauth/grants.service';
import { CsrfTokens } from './modules/oauth/pages/page-security';
import { TokenService } from './modules/oauth/token.service';
import { QuotaCounter } from './modules/quota/quota-counter';
import { ProductsService } from './modules/products/products.service';
import { QuotaService } from './modules/quota/quota.service';

export interface Infrastructure {
  config: Config;
  clock: Clock;
  orm: Orm;
  logger: Logger;
  scheduler: Scheduler;
  metrics: Metrics;
  sessionSecret: string;
}

/** Composition root: every service is built here with its collaborators, nothing is a singleton. */
export class Container {
  readonly config: Config;
  readonly clock: Clock;
  readonly orm: Orm;
  readonly logger: Logger;
  readonly scheduler: Scheduler;
  readonly metrics: Metrics;

  readonly authenticator = new Authenticator();
  readonly gate: Gate;
  readonly events: EventOutbox;
  readonly dispatcher: OutboxDispatcher;
  readonly passwords = new Passwords();
  readonly sessions: SessionTokens;
  readonly identity: IdentityService;
  readonly apiKeys: ApiKeysService;
  readonly quotaCounter = new QuotaCounter();
  readonly quota: QuotaService;
  readonly contacts: ContactsService;
  readonly products: ProductsService;
  readonly mailer: Mailer;
  readonly numbering: NumberingService;
  readonly documents: DocumentsService;
  readonly documentMailing: DocumentMailing;
  readonly publicDocuments: PublicDocuments;
  readonly overdueCheck: OverdueCheck;
  readonly reports = new ReportsService();
  readonly bankAccounts: BankAccountsService;
  readonly payments: PaymentsService;
  readonly statementImport: StatementImportService;
  readonly oauthApplications: ApplicationsService;
  readonly oauthGrants: GrantsService;
  readonly oauthAuthorization: AuthorizationService;
  readonly oauthTokens: TokenService;
  /** CSRF tokens of the web pages (/app/login, consent screen). */
  readonly pageCsrf: CsrfTokens;

  constructor(infra: Infrastructure) {
    ({ config: this.config, clock: this.clock, orm: this.orm, logger: this.logger, scheduler: this.scheduler, metrics: this.metrics } = infra);
    this.gate = new Gate(this.authenticator);
    this.events = new EventOutbox(this.clock);
    this.dispatcher = new OutboxDispatcher(this.orm, this.clock, this.logger, this.metrics, {
      maxAttempts: this.config.OUTBOX_MAX_ATTEMPTS,
      baseSeconds: this.config.OUTBOX_RETRY_BASE_SECONDS,
      maxSeconds: this.config.OUTBOX_RETRY_MAX_SECONDS,
      pollMs: this.config.OUTBOX_POLL_MS,
    });
    this.sessions = new SessionTokens(infra.sessionSecret, this.clock, this.config.SESSION_TTL_SECONDS);
    this.identity = new IdentityService(this.clock, this.passwords, this.sessions);
    this.apiKeys = new ApiKeysService(this.clock);
    this.quota = new QuotaService(this.clock, this.quotaCounter);
    this.contacts = new ContactsService(this.clock, this.events);
    this.products = new ProductsService(this.clock, this.events);
    this.mailer = createMailer(this.config, this.orm, this.clock, this.logger);
    this.numbering = new NumberingService(this.clock);
    const lifecycle = new DocumentLifecycle(this.clock, this.events);
    this.documents = new DocumentsService(this.clock, this.events, this.numbering, lifecycle, this.config.PUBLIC_URL);
    this.documentMailing = new DocumentMailing(this.clock, this.events, lifecycle, this.mailer, this.documents, this.config.PUBLIC_URL);
    this.publicDocuments = new PublicDocuments(this.clock, this.events);
    const paymentMatcher = new PaymentMatcher(this.clock, this.events, this.documents);
    this.bankAccounts = new BankAccountsService(this.clock);
    this.payments = new PaymentsService(paymentMatcher, new DocumentLookup());
    this.statementImport = new StatementImportService(this.clock, this.events, this.bankAccounts, paymentMatcher);
    this.overdueCheck = new OverdueCheck(this.orm, this.clock, this.events, this.logger.child({ job: 'overdue-check' }));
    this.oauthApplications = new ApplicationsService(this.clock, this.passwords);
    this.oauthGrants = new GrantsService(this.clock);
    this.oauthAuthorization = new AuthorizationService(this.clock, this.oauthGrants, this.config.PUBLIC_URL);
    this.oauthTokens = new TokenService(this.clock, new ClientAuthenticator(this.passwords), this.oauthGrants);
    this.pageCsrf = new CsrfTokens(infra.sessionSecret);

    this.authenticator.registerSession(new SessionVerifier(this.sessions));
    this.authenticator.register(API_KEY_PREFIX, new ApiKeyVerifier());
    this.authenticator.register('fat_', new AccessTokenVerifier(this.clock));
  }
}
