import type common from '../locales/en';
import type apiKeysTexts from '../pages/api-keys/locales/en';
import type auditLogTexts from '../pages/audit-log/locales/en';
import type automationsTexts from '../pages/automations/locales/en';
import type companyTexts from '../pages/company/locales/en';
import type connectedApplicationsTexts from '../pages/connected-applications/locales/en';
import type contactsTexts from '../pages/contacts/locales/en';
import type costsTexts from '../pages/costs/locales/en';
import type dashboardTexts from '../pages/dashboard/locales/en';
import type documentsTexts from '../pages/documents/locales/en';
import type emailTemplatesTexts from '../pages/email-templates/locales/en';
import type exportsTexts from '../pages/exports/locales/en';
import type inboxTexts from '../pages/inbox/locales/en';
import type notificationsTexts from '../pages/notifications/locales/en';
import type oauthApplicationsTexts from '../pages/oauth-applications/locales/en';
import type paymentsTexts from '../pages/payments/locales/en';
import type posDevicesTexts from '../pages/pos-devices/locales/en';
import type productsTexts from '../pages/products/locales/en';
import type recurringTexts from '../pages/recurring/locales/en';
import type remindersTexts from '../pages/reminders/locales/en';
import type reportsTexts from '../pages/reports/locales/en';
import type sessionsTexts from '../pages/sessions/locales/en';
import type twoFactorTexts from '../pages/two-factor/locales/en';
import type usersTexts from '../pages/users/locales/en';
import type webhooksTexts from '../pages/webhooks/locales/en';

/**
 * Every namespace with its English texts (the reference): `t` accepts only keys that exist, so a
 * typo or a key missing from en.ts fails the typecheck. A new page folder adds its line here.
 */
export interface Resources {
  common: typeof common;
  'api-keys': typeof apiKeysTexts;
  'audit-log': typeof auditLogTexts;
  automations: typeof automationsTexts;
  company: typeof companyTexts;
  'connected-applications': typeof connectedApplicationsTexts;
  contacts: typeof contactsTexts;
  costs: typeof costsTexts;
  dashboard: typeof dashboardTexts;
  documents: typeof documentsTexts;
  'email-templates': typeof emailTemplatesTexts;
  exports: typeof exportsTexts;
  inbox: typeof inboxTexts;
  notifications: typeof notificationsTexts;
  'oauth-applications': typeof oauthApplicationsTexts;
  payments: typeof paymentsTexts;
  'pos-devices': typeof posDevicesTexts;
  products: typeof productsTexts;
  recurring: typeof recurringTexts;
  reminders: typeof remindersTexts;
  reports: typeof reportsTexts;
  sessions: typeof sessionsTexts;
  'two-factor': typeof twoFactorTexts;
  users: typeof usersTexts;
  webhooks: typeof webhooksTexts;
}

/** The namespace of each page folder, as `useTranslation` takes it. */
export type PageNamespace = Exclude<keyof Resources, 'common'>;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: Resources;
  }
}
