import { can, isManager, type Person } from '../session';

/**
 * Every page of the app, grouped by section for the navigation. `allowed` mirrors what the
 * server's resolvers require, so a person sees only the pages it can use (the server still decides).
 * A new page adds one entry here and one route in App.tsx.
 */
export interface NavEntry {
  path: string;
  title: string;
  group: 'Invoicing' | 'Account' | 'Integrations' | 'Company';
  allowed: (person: Person) => boolean;
}

const anyone = () => true;

export const NAV: readonly NavEntry[] = [
  { path: 'documents', title: 'Documents', group: 'Invoicing', allowed: (p) => can(p, 'documents', 'read') },
  {
    path: 'recurring',
    title: 'Recurring series',
    group: 'Invoicing',
    allowed: (p) => can(p, 'documents', 'read'),
  },
  { path: 'contacts', title: 'Contacts', group: 'Invoicing', allowed: (p) => can(p, 'contacts', 'read') },
  { path: 'products', title: 'Products', group: 'Invoicing', allowed: (p) => can(p, 'documents', 'read') },
  { path: 'inbox', title: 'Inbox', group: 'Invoicing', allowed: (p) => can(p, 'costs', 'read') },
  { path: 'payments', title: 'Payments', group: 'Invoicing', allowed: (p) => can(p, 'payments', 'read') },
  { path: 'reports', title: 'Reports', group: 'Invoicing', allowed: (p) => can(p, 'reports', 'read') },
  { path: 'notifications', title: 'Notifications', group: 'Account', allowed: anyone },
  { path: 'connected-applications', title: 'Connected applications', group: 'Account', allowed: anyone },
  { path: 'two-factor', title: 'Two-factor login', group: 'Account', allowed: anyone },
  {
    path: 'pos-devices',
    title: 'POS devices',
    group: 'Integrations',
    allowed: (p) => isManager(p) && can(p, 'company_settings', 'write'),
  },
  { path: 'api-keys', title: 'API keys', group: 'Integrations', allowed: isManager },
  {
    path: 'oauth-applications',
    title: 'OAuth applications',
    group: 'Integrations',
    allowed: (p) => can(p, 'company_settings', 'write'),
  },
  { path: 'automations', title: 'Automations', group: 'Integrations', allowed: (p) => can(p, 'automations', 'read') },
  { path: 'webhooks', title: 'Webhooks', group: 'Integrations', allowed: (p) => can(p, 'automations', 'read') },
  {
    path: 'company',
    title: 'Company and numbering',
    group: 'Company',
    allowed: (p) => can(p, 'company_settings', 'read'),
  },
  { path: 'reminders', title: 'Reminders', group: 'Company', allowed: (p) => can(p, 'company_settings', 'read') },
  {
    path: 'email-templates',
    title: 'E-mail templates',
    group: 'Company',
    allowed: (p) => can(p, 'company_settings', 'read'),
  },
  { path: 'users', title: 'Users and departments', group: 'Company', allowed: isManager },
  { path: 'audit-log', title: 'Audit log', group: 'Company', allowed: isManager },
];

export const GROUPS = ['Invoicing', 'Account', 'Integrations', 'Company'] as const;

export function navEntry(path: string): NavEntry {
  const entry = NAV.find((e) => e.path === path);
  if (!entry) throw new Error(`No navigation entry ${path}`);
  return entry;
}
