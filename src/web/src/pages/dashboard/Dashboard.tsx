import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../components/feedback';
import { useSession } from '../../session';
import { NAV } from '../../shell/nav';

/** The home page. (Issue 30 point 2 makes it the dashboard.) */
export function Dashboard() {
  const { t } = useTranslation();
  const { person, organization } = useSession();
  const pages = NAV.filter((e) => e.allowed(person));
  return (
    <>
      <PageHeader title={organization.name} />
      <ul className="tiles">
        {pages.map((e) => (
          <li key={e.path}>
            <Link to={`/${e.path}`}>{t(`nav.${e.path}`)}</Link>
          </li>
        ))}
      </ul>
    </>
  );
}
