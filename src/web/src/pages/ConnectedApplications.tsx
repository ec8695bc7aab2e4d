import { PageHeader } from '../components/feedback';

export function ConnectedApplications() {
  return <PageHeader title="ConnectedApplications" />;
}
