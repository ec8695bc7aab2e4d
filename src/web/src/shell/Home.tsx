import { Link } from 'react-router';
import { PageHeader } from '../components/feedback';
import { useSession } from '../session';
import { NAV } from './nav';

export function Home() {
  const { person, organization } = useSession();
  const pages = NAV.filter((e) => e.allowed(person));
  return (
    <>
      <PageHeader title={organization.name} />
      <p>
        Signed in as <strong>{person.email}</strong> ({person.role}). Plan: {organization.plan}.
      </p>
      <ul className="tiles">
        {pages.map((e) => (
          <li key={e.path}>
            <Link to={`/${e.path}`}>{e.title}</Link>
          </li>
        ))}
      </ul>
    </>
  );
}
