import { useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { useQuery } from 'urql';
import { graphql } from '../gql';
import { useAction, eventHandler } from '../components/action';
import { PageBoundary } from '../components/boundary';
import { formatCount } from '../format';
import { useSession } from '../session';
import { GROUPS, NAV } from './nav';

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

/** Marking a notification read (any mutation returning Notification) refreshes the count. */
const COUNT_CONTEXT = { additionalTypenames: ['Notification'] };

export function Layout() {
  const { person, organization } = useSession();
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  const [{ data }] = useQuery({ query: UnreadCountDocument, context: COUNT_CONTEXT });
  const logOut = useAction(LogOutDocument);
  // Nothing is claimed until the count has arrived (a loading shell must not say "0 unread").
  const unread = data ? data.notifications.data.length : null;
  const unreadLabel =
    unread === null ? '…' : data?.notifications.nextCursor ? `${formatCount(unread)}+` : formatCount(unread);
  const pages = NAV.filter((e) => e.allowed(person));

  return (
    <div className="shell" data-menu={menuOpen ? 'open' : 'closed'}>
      <a className="skip" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <NavLink to="/" className="brand">
          Faktura
        </NavLink>
        <button
          type="button"
          className="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="sidebar"
          onClick={() => setMenuOpen((o) => !o)}
        >
          Menu
        </button>
        <div className="who">
          <span className="org" data-testid="organization">
            {organization.name}
          </span>
          <span className="person" data-testid="person">
            {person.email} · {person.role}
          </span>
        </div>
        <NavLink to="/notifications" className="unread" aria-label={`Notifications: ${unreadLabel} unread`}>
          <span data-testid="unread-count" className="count">
            {unreadLabel}
          </span>{' '}
          unread
        </NavLink>
        <button
          type="button"
          onClick={eventHandler(async () => {
            if (await logOut.run({})) window.location.assign('/app/login');
          })}
          disabled={logOut.busy}
        >
          Log out
        </button>
      </header>
      <nav id="sidebar" className="sidebar" aria-label="Sections" key={location.pathname}>
        <NavLink to="/" end>
          Home
        </NavLink>
        {GROUPS.map((group) => {
          const entries = pages.filter((e) => e.group === group);
          if (!entries.length) return null;
          return (
            <div key={group} className="nav-group">
              <h2>{group}</h2>
              <ul>
                {entries.map((e) => (
                  <li key={e.path}>
                    <NavLink to={`/${e.path}`} onClick={() => setMenuOpen(false)}>
                      {e.title}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </div>
          );
        })}
      </nav>
      <main id="main" tabIndex={-1}>
        <PageBoundary key={location.pathname}>
          <Outlet />
        </PageBoundary>
      </main>
    </div>
  );
}
