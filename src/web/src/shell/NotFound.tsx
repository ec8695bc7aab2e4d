import { Link } from 'react-router';
import { PageHeader } from '../components/feedback';

export function NotFound() {
  return (
    <>
      <PageHeader title="Page not found" />
      <p>There is no page at this address.</p>
      <p>
        <Link to="/">Back to the home page</Link>
      </p>
    </>
  );
}

/** A page the person's role or permissions do not cover (the navigation does not offer it either). */
export function NotAllowed({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <p role="alert">You do not have access to this page. Ask an owner or admin of your company.</p>
    </>
  );
}
