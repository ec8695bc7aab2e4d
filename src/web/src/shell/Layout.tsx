import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useLocation } from 'react-router';
import { useQuery } from 'urql';
import { graphql } from '../gql';
import { useAction, eventHandler } from '../components/action';
import { PageBoundary } from '../components/boundary';
import { formatCount } from '../format';
import { showLanguage } from '../i18n';
import { isAppLanguage, LANGUAGES } from '../i18n/texts';
import { useSession } from '../session';
import { GROUPS, NAV } from './nav';
import { ShortcutsDialog, useShortcuts, useShortcutsDialog } from './shortcuts';

export const UnreadCountDocument = graphql(`
  query UnreadCount {
    notifications(read: false, limit: 100) {
      data {
        id
      }
      nextCursor
    }
  }
`);

const LogOutDocument = graphql(`
  mutation LogOut {
    logOut
  }
`);

const SetMyLanguageDocument = graphql(`
  mutation SetMyLanguage($language: String) {
    setMyLanguage(language: $language) {
      language
      defaultLanguage
    }
  }
`);

/** Marking a notification read (any mutation returning Notification) refreshes the count. */
const COUNT_CONTEXT = { additionalTypenames: ['Notification'] };

export function Layout() {
  const { t, i18n } = useTranslation();
  const { person, organization, language } = useSession();
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  const [{ data }] = useQuery({ query: UnreadCountDocument, context: COUNT_CONTEXT });
  const logOut = useAction(LogOutDocument);
  const setLanguage = useAction(SetMyLanguageDocument);
  // Nothing is claimed until the count has arrived (a loading shell must not say "0 unread").
  const unread = data ? data.notifications.data.length : null;
  const unreadLabel =
    unread === null ? '…' : data?.notifications.nextCursor ? `${formatCount(unread)}+` : formatCount(unread);
  const pages = NAV.filter((e) => e.allowed(person));
  const shortcuts = useShortcutsDialog();
  useShortcuts(shortcuts.open);

  return (
    <div className="shell" data-menu={menuOpen ? 'open' : 'closed'}>
      <a className="skip" href="#main">
        {t('shell.skip')}
      </a>
      <header className="topbar">
        <NavLink to="/" className="brand">
          {t('app.name')}
        </NavLink>
        <button
          type="button"
          className="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="sidebar"
          onClick={() => setMenuOpen((o) => !o)}
        >
          {t('shell.menu')}
        </button>
        <div className="who">
          <span className="org" data-testid="organization">
            {organization.name}
          </span>
          <span className="person" data-testid="person">
            {person.email} · {t(`roles.${person.role}`)}
          </span>
        </div>
        <NavLink to="/notifications" className="unread" aria-label={t('shell.unreadLabel', { count: unreadLabel })}>
          <span data-testid="unread-count" className="count">
            {unreadLabel}
          </span>{' '}
          {t('shell.unread')}
        </NavLink>
        <select
          className="language"
          aria-label={t('shell.language')}
          value={i18n.language}
          disabled={setLanguage.busy}
          onChange={eventHandler(async (e: React.ChangeEvent<HTMLSelectElement>) => {
            const chosen = e.target.value;
            if (!isAppLanguage(chosen) || chosen === language) return;
            if (await setLanguage.run({ language: chosen })) await showLanguage(chosen);
          })}
        >
          {LANGUAGES.map((l) => (
            <option key={l} value={l} lang={l}>
              {t(`languages.${l}`)}
            </option>
          ))}
        </select>
        <button
          type="button"
          onClick={eventHandler(async () => {
            if (await logOut.run({})) window.location.assign('/app/login');
          })}
          disabled={logOut.busy}
        >
          {t('shell.logOut')}
        </button>
      </header>
      <nav id="sidebar" className="sidebar" aria-label={t('shell.sections')} key={location.pathname}>
        <NavLink to="/" end>
          {t('shell.home')}
        </NavLink>
        {GROUPS.map((group) => {
          const entries = pages.filter((e) => e.group === group);
          if (!entries.length) return null;
          return (
            <div key={group} className="nav-group">
              <h2>{t(`navGroups.${group}`)}</h2>
              <ul>
                {entries.map((e) => (
                  <li key={e.path}>
                    <NavLink to={`/${e.path}`} onClick={() => setMenuOpen(false)}>
                      {t(`nav.${e.path}`)}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </div>
          );
        })}
        <button type="button" className="shortcuts-button" onClick={shortcuts.open} aria-keyshortcuts="?">
          {t('shell.shortcuts')}
        </button>
      </nav>
      <ShortcutsDialog dialog={shortcuts.dialog} />
      <main id="main" tabIndex={-1}>
        {/* A language change shows the page anew: every date and amount is formatted again. */}
        <PageBoundary key={`${location.pathname} ${i18n.language}`}>
          <Suspense fallback={<p className="loading">{t('app.loading')}</p>}>
            <Outlet />
          </Suspense>
        </PageBoundary>
      </main>
    </div>
  );
}
