import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import { graphql } from './gql';
import type { ShellQuery } from './gql/graphql';
import { isTwoFactorRequired, isUnauthenticated, problemOf } from './errors';
import { loginUrl } from './routes';
import { ErrorBox } from './components/feedback';
import { TwoFactor } from './pages/two-factor/TwoFactor';
import { i18n, showLanguage } from './i18n';
import { isAppLanguage, type AppLanguage } from './i18n/texts';

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
      language
      defaultLanguage
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
  /** The language shown: the person's choice, else the company's default. */
  language: AppLanguage;
}

/** The person's language: their choice, else the company's default (Czech for a company in CZ). */
export function languageOf(me: Pick<ShellQuery['me'], 'language' | 'defaultLanguage'>): AppLanguage {
  if (isAppLanguage(me.language)) return me.language;
  return isAppLanguage(me.defaultLanguage) ? me.defaultLanguage : 'cs';
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
  const { t } = useTranslation();
  const [{ data, error, fetching }] = useQuery({ query: ShellDocument });
  const language = data ? languageOf(data.me) : null;
  // The pages render once their language is shown (its texts loaded), never first in another one.
  const [shown, setShown] = useState<AppLanguage | null>(null);
  useEffect(() => {
    if (language) void showLanguage(language).then(() => setShown(language));
  }, [language]);
  if (isUnauthenticated(error)) {
    window.location.assign(loginUrl(window.location.pathname + window.location.search));
    return <p className="loading">{t('app.redirecting')}</p>;
  }
  if (isTwoFactorRequired(error))
    return (
      <main id="main">
        <TwoFactor />
      </main>
    );
  if (error && !data) return <ErrorBox problem={problemOf(error)} />;
  if (!data || !language || shown !== language)
    return (
      <p className="loading" aria-busy={fetching}>
        {t('app.loading')}
      </p>
    );
  return (
    <SessionContext.Provider value={{ person: data.me.user, organization: data.organization, language }}>
      {children}
    </SessionContext.Provider>
  );
}

/**
 * Every section (its label is common:sections.<section>); typed by the schema's Permissions, so a
 * section added there fails the typecheck until listed here.
 */
const SECTION_SET = {
  documents: true,
  costs: true,
  contacts: true,
  reports: true,
  company_settings: true,
  payments: true,
  automations: true,
} satisfies Record<Section, true>;

export const SECTIONS = Object.keys(SECTION_SET) as Section[];

/** A section's name in the language shown. */
export function sectionLabel(section: Section): string {
  return i18n.t(`sections.${section}`);
}
