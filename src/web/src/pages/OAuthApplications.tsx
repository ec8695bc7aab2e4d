import { PageHeader } from '../components/feedback';

export function OAuthApplications() {
  return <PageHeader title="OAuthApplications" />;
}
