import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQuery } from 'urql';
import { ErrorBox } from '../../components/feedback';
import { problemOf } from '../../errors';
import { formatDateTime } from '../../format';
import {
  DashboardAutomationRunsDocument,
  DashboardHooksDocument,
  DashboardWebhookDeliveriesDocument,
} from './operations';

/** An active webhook whose newest delivery failed, or was tried and waits to be retried. */
function FailingWebhook({ id, name }: { id: string; name: string }) {
  const { t } = useTranslation('dashboard');
  const [{ data }] = useQuery({ query: DashboardWebhookDeliveriesDocument, variables: { webhookId: id } });
  const newest = data?.webhookDeliveries.data[0];
  const tried = newest?.attempts.at(-1);
  if (!newest || !tried || newest.status === 'DELIVERED') return null;
  return (
    <li data-testid="failing-webhook">
      <Link to="/webhooks">{t('failing.webhook', { name, date: formatDateTime(tried.at) })}</Link>
    </li>
  );
}

/** An active automation whose newest run failed. */
function FailingAutomation({ id, name }: { id: string; name: string }) {
  const { t } = useTranslation('dashboard');
  const [{ data }] = useQuery({ query: DashboardAutomationRunsDocument, variables: { automationId: id } });
  const newest = data?.automationRuns.data[0];
  if (newest?.status !== 'FAILED') return null;
  return (
    <li data-testid="failing-automation">
      <Link to="/automations">{t('failing.automation', { name, date: formatDateTime(newest.startedAt) })}</Link>
    </li>
  );
}

/** Webhooks and automations that are failing now: their newest delivery or run failed. */
export function Failing() {
  const { t } = useTranslation('dashboard');
  const [{ data, error }] = useQuery({ query: DashboardHooksDocument });
  const webhooks = data?.webhooks.data.filter((w) => w.isActive) ?? [];
  const automations = data?.automations.data.filter((a) => a.isActive) ?? [];
  return (
    <section aria-labelledby="failing-heading" className="dash-card" data-testid="dashboard-failing">
      <h2 id="failing-heading">{t('failing.heading')}</h2>
      <ErrorBox problem={problemOf(error)} />
      <ul className="failing">
        {webhooks.map((w) => (
          <FailingWebhook key={w.id} id={w.id} name={w.name} />
        ))}
        {automations.map((a) => (
          <FailingAutomation key={a.id} id={a.id} name={a.name} />
        ))}
      </ul>
      <FailingNone />
    </section>
  );
}

/** "Nothing fails" unless the list above holds an entry (CSS `.failing:empty + .empty`). */
function FailingNone() {
  const { t } = useTranslation('dashboard');
  return <p className="empty failing-none">{t('failing.none')}</p>;
}
