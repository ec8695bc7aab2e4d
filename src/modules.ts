import { ormSchema } from './core/compose';
import type { EventPayloadsOf, ServicesByName } from './core/module';
import { mailModule } from './core/mail/mail.module';
import { outboxModule } from './core/outbox/outbox.module';
import type { RecordedEventOf } from './core/outbox/event-outbox';
import { auditModule } from './modules/audit/audit.module';
import { automationsModule } from './modules/automations/automations.module';
import { apiKeysModule } from './modules/apikeys/apikeys.module';
import { companyModule } from './modules/company/company.module';
import { contactsModule } from './modules/contacts/contacts.module';
import { costsModule } from './modules/costs/costs.module';
import { documentsModule } from './modules/documents/documents.module';
import { emailTemplatesModule } from './modules/emailtemplates/emailtemplates.module';
import { exportsModule } from './modules/exports/exports.module';
import { identityModule } from './modules/identity/identity.module';
import { inboxModule } from './modules/inbox/inbox.module';
import { oauthModule } from './modules/oauth/oauth.module';
import { openApiModule } from './modules/openapi/openapi.module';
import { opsModule } from './modules/ops/ops.module';
import { paymentsModule } from './modules/payments/payments.module';
import { posModule } from './modules/pos/pos.module';
import { productsModule } from './modules/products/products.module';
import { recurringModule } from './modules/recurring/recurring.module';
import { ratesModule } from './modules/rates/rates.module';
import { quotaModule } from './modules/quota/quota.module';
import { remindersModule } from './modules/reminders/reminders.module';
import { reportsModule } from './modules/reports/reports.module';
import { savedViewsModule } from './modules/savedviews/savedviews.module';
import { testControlsModule } from './modules/testing/test-controls.module';
import { notificationsModule } from './modules/notifications/notifications.module';
import { webhooksModule } from './modules/webhooks/webhooks.module';

/** Every module of the service, one line each; the root builds them in dependency order. */
const described = [
  opsModule,
  outboxModule,
  mailModule,
  identityModule,
  auditModule,
  testControlsModule,
  apiKeysModule,
  oauthModule,
  quotaModule,
  savedViewsModule,
  contactsModule,
  productsModule,
  companyModule,
  ratesModule,
  documentsModule,
  remindersModule,
  costsModule,
  reportsModule,
  paymentsModule,
  notificationsModule,
  posModule,
  webhooksModule,
  automationsModule,
  recurringModule,
  emailTemplatesModule,
  exportsModule,
  inboxModule,
] as const;

/** The modules plus the OpenAPI description of all of them. */
export const modules = [...described, openApiModule(described)] as const;

/** Each module's services by module name (what tests reach through `app.container.services`). */
export type ModuleServices = ServicesByName<typeof modules>;

/**
 * The order of the public webhook catalog (GET /api/v1/webhooks/events), SPEC 6.2's: the listed
 * events of these modules first, module by module; the listed events of any other module follow.
 */
export const catalogOrder = [
  documentsModule,
  contactsModule,
  productsModule,
  paymentsModule,
  automationsModule,
  // ai.completed and ai.failed (SPEC 6.2 lists them before webhook.test).
  inboxModule,
  webhooksModule,
] as const;

/** Every event the modules declare, by name, with its payload (what `EventOutbox.record` checks). */
export type EventPayloads = EventPayloadsOf<typeof modules>;
export type EventName = keyof EventPayloads;
/** A recorded event of this app, `event` narrowing `data`. */
export type AppRecordedEvent = RecordedEventOf<EventPayloads>;

/** Entities and migrations for MikroORM (the app, scripts and mikro-orm.config.ts). */
export const persistence = ormSchema(modules);
