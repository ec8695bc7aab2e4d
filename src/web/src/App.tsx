import { lazy, type ComponentType, type ReactElement } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { Provider } from 'urql';
import { client } from './client';
import { SessionProvider, useSession } from './session';
import { Layout } from './shell/Layout';
import { NotAllowed, NotFound } from './shell/NotFound';
import { SignUp } from './shell/SignUp';
import { navEntry, type NavPath } from './shell/nav';

/**
 * Each page is its own script, loaded when first opened (with its texts): the first load of /app/
 * carries only the shell. `page` names the module's export.
 */
function page<M>(load: () => Promise<M>, name: keyof M): ComponentType {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

const Dashboard = page(() => import('./pages/dashboard/Dashboard'), 'Dashboard');

const PAGES: Record<NavPath, ComponentType> = {
  documents: page(() => import('./pages/documents/Documents'), 'Documents'),
  recurring: page(() => import('./pages/recurring/Recurring'), 'Recurring'),
  contacts: page(() => import('./pages/contacts/Contacts'), 'Contacts'),
  products: page(() => import('./pages/products/Products'), 'Products'),
  costs: page(() => import('./pages/costs/Costs'), 'Costs'),
  inbox: page(() => import('./pages/inbox/Inbox'), 'Inbox'),
  payments: page(() => import('./pages/payments/Payments'), 'Payments'),
  reports: page(() => import('./pages/reports/Reports'), 'Reports'),
  exports: page(() => import('./pages/exports/Exports'), 'Exports'),
  company: page(() => import('./pages/company/Company'), 'Company'),
  reminders: page(() => import('./pages/reminders/Reminders'), 'Reminders'),
  'email-templates': page(() => import('./pages/email-templates/EmailTemplates'), 'EmailTemplates'),
  notifications: page(() => import('./pages/notifications/Notifications'), 'Notifications'),
  'connected-applications': page(
    () => import('./pages/connected-applications/ConnectedApplications'),
    'ConnectedApplications',
  ),
  'two-factor': page(() => import('./pages/two-factor/TwoFactorPage'), 'TwoFactorPage'),
  sessions: page(() => import('./pages/sessions/Sessions'), 'Sessions'),
  'pos-devices': page(() => import('./pages/pos-devices/PosDevices'), 'PosDevices'),
  'api-keys': page(() => import('./pages/api-keys/ApiKeys'), 'ApiKeys'),
  'oauth-applications': page(() => import('./pages/oauth-applications/OAuthApplications'), 'OAuthApplications'),
  webhooks: page(() => import('./pages/webhooks/Webhooks'), 'Webhooks'),
  automations: page(() => import('./pages/automations/Automations'), 'Automations'),
  users: page(() => import('./pages/users/Users'), 'Users'),
  'audit-log': page(() => import('./pages/audit-log/AuditLog'), 'AuditLog'),
};

/** A page behind its navigation entry's rule: the person sees it only when the entry is offered. */
function Guarded({ path, children }: { path: NavPath; children: ReactElement }) {
  const { person } = useSession();
  return navEntry(path).allowed(person) ? children : <NotAllowed path={path} />;
}

export function App() {
  return (
    <Provider value={client}>
      <BrowserRouter basename="/app">
        <Routes>
          <Route path="signup" element={<SignUp />} />
          <Route
            element={
              <SessionProvider>
                <Layout />
              </SessionProvider>
            }
          >
            <Route index element={<Dashboard />} />
            {(Object.entries(PAGES) as [NavPath, ComponentType][]).map(([path, Page]) => (
              <Route
                key={path}
                path={`${path}/*`}
                element={
                  <Guarded path={path}>
                    <Page />
                  </Guarded>
                }
              />
            ))}
            <Route path="*" element={<NotFound />} />
          </Route>
        </Routes>
      </BrowserRouter>
    </Provider>
  );
}
