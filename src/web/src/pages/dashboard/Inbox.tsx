import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQuery } from 'urql';
import { Empty, ErrorBox } from '../../components/feedback';
import { problemOf } from '../../errors';
import { DashboardInboxDocument } from './operations';

/** The received documents read and waiting for a person to check them (EXTRACTED). */
export function Inbox() {
  const { t } = useTranslation('dashboard');
  const [{ data, error }] = useQuery({ query: DashboardInboxDocument });
  const items = data?.inboxItems;
  return (
    <section aria-labelledby="inbox-heading" className="dash-card" data-testid="dashboard-inbox">
      <h2 id="inbox-heading">{t('inbox.heading')}</h2>
      <ErrorBox problem={problemOf(error)} />
      {items && items.data.length === 0 && <Empty>{t('inbox.none')}</Empty>}
      {items && items.data.length > 0 && (
        <p>
          <Link to="/inbox?status=EXTRACTED" data-testid="inbox-waiting">
            {items.nextCursor
              ? t('inbox.waitingMore', { count: items.data.length })
              : t('inbox.waiting', { count: items.data.length })}
          </Link>
        </p>
      )}
    </section>
  );
}
