import { PageHeader } from '../components/feedback';

export function Users() {
  return <PageHeader title="Users" />;
}
