import { PageHeader } from '../components/feedback';

export function Webhooks() {
  return <PageHeader title="Webhooks" />;
}
