import type { ReactElement } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { Provider } from 'urql';
import { client } from './client';
import { SessionProvider, useSession } from './session';
import { Layout } from './shell/Layout';
import { Home } from './shell/Home';
import { NotAllowed, NotFound } from './shell/NotFound';
import { SignUp } from './shell/SignUp';
import { navEntry } from './shell/nav';
import { ApiKeys } from './pages/api-keys/ApiKeys';
import { AuditLog } from './pages/audit-log/AuditLog';
import { ConnectedApplications } from './pages/connected-applications/ConnectedApplications';
import { Notifications } from './pages/notifications/Notifications';
import { OAuthApplications } from './pages/oauth-applications/OAuthApplications';
import { PosDevices } from './pages/pos-devices/PosDevices';
import { Users } from './pages/users/Users';
import { Webhooks } from './pages/webhooks/Webhooks';
import { Contacts } from './pages/contacts/Contacts';
import { Documents } from './pages/documents/Documents';
import { Products } from './pages/products/Products';
import { Payments } from './pages/payments/Payments';
import { Inbox } from './pages/inbox/Inbox';
import { Reports } from './pages/reports/Reports';
import { Company } from './pages/company/Company';
import { Automations } from './pages/automations/Automations';
import { Recurring } from './pages/recurring/Recurring';
import { TwoFactor } from './pages/two-factor/TwoFactor';
import { Reminders } from './pages/reminders/Reminders';
import { EmailTemplates } from './pages/email-templates/EmailTemplates';

/** A page behind its navigation entry's rule: the person sees it only when the entry is offered. */
function Guarded({ path, page }: { path: string; page: ReactElement }) {
  const { person } = useSession();
  const entry = navEntry(path);
  return entry.allowed(person) ? page : <NotAllowed title={entry.title} />;
}

/** The person's two-factor login; an OWNER also sets the company's requirement there. */
function TwoFactorPage() {
  const { person } = useSession();
  return <TwoFactor isOwner={person.role === 'OWNER'} />;
}

const PAGES: Record<string, ReactElement> = {
  documents: <Documents />,
  recurring: <Recurring />,
  contacts: <Contacts />,
  products: <Products />,
  inbox: <Inbox />,
  payments: <Payments />,
  reports: <Reports />,
  company: <Company />,
  reminders: <Reminders />,
  'email-templates': <EmailTemplates />,
  notifications: <Notifications />,
  'connected-applications': <ConnectedApplications />,
  'two-factor': <TwoFactorPage />,
  'pos-devices': <PosDevices />,
  'api-keys': <ApiKeys />,
  'oauth-applications': <OAuthApplications />,
  webhooks: <Webhooks />,
  automations: <Automations />,
  users: <Users />,
  'audit-log': <AuditLog />,
};

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
            <Route index element={<Home />} />
            {Object.entries(PAGES).map(([path, page]) => (
              <Route key={path} path={`${path}/*`} element={<Guarded path={path} page={page} />} />
            ))}
            <Route path="*" element={<NotFound />} />
          </Route>
        </Routes>
      </BrowserRouter>
    </Provider>
  );
}
