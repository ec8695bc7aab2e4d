import type en from '../locales/en';
import { can, isManager, type Person } from '../session';

export type NavPath = keyof typeof en.nav;

/**
 * Every page of the app, grouped by section for the navigation. `allowed` mirrors what the
 * server's resolvers require, so a person sees only the pages it can use (the server still decides).
 * A new page adds one entry here and one route in App.tsx.
 */
export interface NavEntry {
  /** Also the entry's title: common:nav.<path>. */
  path: NavPath;
  group: (typeof GROUPS)[number];
  allowed: (person: Person) => boolean;
}

export const GROUPS = ['Invoicing', 'Account', 'Integrations', 'Company'] as const;

const anyone = () => true;

export const NAV: readonly NavEntry[] = [
  { path: 'documents', group: 'Invoicing', allowed: (p) => can(p, 'documents', 'read') },
  {
    path: 'recurring',
    group: 'Invoicing',
    allowed: (p) => can(p, 'documents', 'read'),
  },
  { path: 'contacts', group: 'Invoicing', allowed: (p) => can(p, 'contacts', 'read') },
  { path: 'products', group: 'Invoicing', allowed: (p) => can(p, 'documents', 'read') },
  { path: 'costs', group: 'Invoicing', allowed: (p) => can(p, 'costs', 'read') },
  { path: 'inbox', group: 'Invoicing', allowed: (p) => can(p, 'costs', 'read') },
  { path: 'payments', group: 'Invoicing', allowed: (p) => can(p, 'payments', 'read') },
  { path: 'reports', group: 'Invoicing', allowed: (p) => can(p, 'reports', 'read') },
  { path: 'exports', group: 'Invoicing', allowed: (p) => can(p, 'reports', 'read') },
  { path: 'notifications', group: 'Account', allowed: anyone },
  { path: 'connected-applications', group: 'Account', allowed: anyone },
  { path: 'two-factor', group: 'Account', allowed: anyone },
  { path: 'sessions', group: 'Account', allowed: anyone },
  {
    path: 'pos-devices',
    group: 'Integrations',
    allowed: (p) => isManager(p) && can(p, 'company_settings', 'write'),
  },
  { path: 'api-keys', group: 'Integrations', allowed: isManager },
  {
    path: 'oauth-applications',
    group: 'Integrations',
    allowed: (p) => can(p, 'company_settings', 'write'),
  },
  { path: 'automations', group: 'Integrations', allowed: (p) => can(p, 'automations', 'read') },
  { path: 'webhooks', group: 'Integrations', allowed: (p) => can(p, 'automations', 'read') },
  {
    path: 'company',
    group: 'Company',
    allowed: (p) => can(p, 'company_settings', 'read'),
  },
  { path: 'reminders', group: 'Company', allowed: (p) => can(p, 'company_settings', 'read') },
  {
    path: 'email-templates',
    group: 'Company',
    allowed: (p) => can(p, 'company_settings', 'read'),
  },
  { path: 'users', group: 'Company', allowed: isManager },
  { path: 'audit-log', group: 'Company', allowed: isManager },
];

export function navEntry(path: NavPath): NavEntry {
  const entry = NAV.find((e) => e.path === path);
  if (!entry) throw new Error(`No navigation entry ${path}`);
  return entry;
}
