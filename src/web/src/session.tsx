import { createContext, useContext, type ReactNode } from 'react';
import { useQuery } from 'urql';
import { graphql } from './gql';
import type { ShellQuery } from './gql/graphql';
import { isTwoFactorRequired, isUnauthenticated, problemOf } from './errors';
import { loginUrl } from './routes';
import { ErrorBox } from './components/feedback';
import { TwoFactor } from './pages/two-factor/TwoFactor';

/** Every section's level; shared by the shell (the signed-in person) and the users page. */
export const PermissionLevelsFragment = graphql(`
  fragment PermissionLevels on Permissions {
    documents
    costs
    contacts
    reports
    payments
    automations
    company_settings
  }
`);

export const ShellDocument = graphql(`
  query Shell {
    me {
      user {
        id
        email
        role
        permissions {
          ...PermissionLevels
        }
      }
    }
    organization {
      id
      name
      plan
    }
  }
`);

export type Person = ShellQuery['me']['user'];
export type Section = keyof Person['permissions'];
export interface Session {
  person: Person;
  organization: ShellQuery['organization'];
}

const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside a signed-in page');
  return session;
}

/** Mirrors the server's rules (gate.ts): OWNER has every section, others what they were given. */
export function can(person: Person, section: Section, access: 'read' | 'write'): boolean {
  if (person.role === 'OWNER') return true;
  const level = person.permissions[section];
  return access === 'read' ? level === 'read' || level === 'write' : level === 'write';
}

export function isManager(person: Person): boolean {
  return person.role === 'OWNER' || person.role === 'ADMIN';
}

/** Loads who is signed in; sends a visitor without a session to the login page and back. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [{ data, error, fetching }] = useQuery({ query: ShellDocument });
  if (isUnauthenticated(error)) {
    window.location.assign(loginUrl(window.location.pathname + window.location.search));
    return <p className="loading">Redirecting to the login page…</p>;
  }
  if (isTwoFactorRequired(error))
    return (
      <main id="main">
        <TwoFactor />
      </main>
    );
  if (error && !data) return <ErrorBox problem={problemOf(error)} />;
  if (!data)
    return (
      <p className="loading" aria-busy={fetching}>
        Loading…
      </p>
    );
  return (
    <SessionContext.Provider value={{ person: data.me.user, organization: data.organization }}>
      {children}
    </SessionContext.Provider>
  );
}

/** Every section with a label; typed by the schema's Permissions, so a section added there fails the typecheck until named here. */
export const SECTION_LABELS = {
  documents: 'Documents',
  costs: 'Costs',
  contacts: 'Contacts',
  reports: 'Reports',
  company_settings: 'Company settings',
  payments: 'Payments',
  automations: 'Automations and webhooks',
} satisfies Record<Section, string>;

export const SECTIONS = Object.keys(SECTION_LABELS) as (keyof typeof SECTION_LABELS)[];
