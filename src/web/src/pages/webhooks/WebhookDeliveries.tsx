import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useQuery } from 'urql';
import { useAction, eventHandler } from '../../components/action';
import { Empty, ErrorBox, PageHeader } from '../../components/feedback';
import { SelectField } from '../../components/form';
import { Pager, usePaging } from '../../components/paging';
import { problemOf } from '../../errors';
import { formatCount, formatDateTime } from '../../format';
import { can, useSession } from '../../session';
import { NotFound } from '../../shell/NotFound';
import { WebhookDeliveriesDocument, ReplayWebhookDeliveryDocument } from './operations';

const STATUSES = ['PENDING', 'DELIVERED', 'FAILED'] as const;
type Status = (typeof STATUSES)[number];
const isStatus = (s: string): s is Status => (STATUSES as readonly string[]).includes(s);

export function WebhookDeliveries() {
  const { t } = useTranslation('webhooks');
  const { id = '' } = useParams();
  const { person } = useSession();
  const writer = can(person, 'automations', 'write');
  const paging = usePaging();
  const [status, setStatus] = useState('');
  const [{ data, error }, refetch] = useQuery({
    query: WebhookDeliveriesDocument,
    variables: { webhookId: id, ...paging.variables, status: status || null },
  });
  const replay = useAction(ReplayWebhookDeliveryDocument);
  const problem = problemOf(error);
  if (problem?.code === 'NOT_FOUND') return <NotFound />;

  return (
    <>
      <PageHeader title={data ? t('deliveries.titleOf', { name: data.webhook.name }) : t('deliveries.title')}>
        <SelectField
          label={t('deliveries.status')}
          name="status"
          problem={null}
          options={[
            { value: '', label: t('deliveries.anyStatus') },
            ...STATUSES.map((value) => ({ value, label: t(`deliveries.statuses.${value}`) })),
          ]}
          value={status}
          onChange={(e) => {
            setStatus(e.target.value);
            paging.reset();
          }}
        />
      </PageHeader>
      <p>
        <Link to="..">{t('deliveries.allEndpoints')}</Link>
      </p>
      <ErrorBox problem={problem ?? replay.problem} />
      {data && !data.webhookDeliveries.data.length && <Empty>{t('deliveries.none')}</Empty>}
      <ul className="cards">
        {data?.webhookDeliveries.data.map((d) => (
          <li key={d.id} data-testid="delivery">
            <h3>
              {d.event}{' '}
              <span className="badge">{isStatus(d.status) ? t(`deliveries.statuses.${d.status}`) : d.status}</span>
            </h3>
            <p className="muted">
              <code>{d.id}</code> · {formatDateTime(d.createdAt)}
            </p>
            {d.attempts.length > 0 && (
              <table className="list">
                <caption className="muted">{t('deliveries.attempts')}</caption>
                <thead>
                  <tr>
                    <th scope="col">#</th>
                    <th scope="col">{t('deliveries.at')}</th>
                    <th scope="col">{t('deliveries.response')}</th>
                    <th scope="col">{t('deliveries.duration')}</th>
                  </tr>
                </thead>
                <tbody>
                  {d.attempts.map((a) => (
                    <tr key={a.number}>
                      <td data-label="#">{a.number}</td>
                      <td data-label={t('deliveries.at')}>{formatDateTime(a.at)}</td>
                      <td data-label={t('deliveries.response')}>
                        {a.statusCode ? `HTTP ${a.statusCode}` : (a.error ?? '—')}
                      </td>
                      <td data-label={t('deliveries.duration')}>
                        {t('deliveries.ms', { ms: formatCount(a.durationMs) })}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            {writer && d.status !== 'PENDING' && (
              <div className="actions">
                <button
                  type="button"
                  disabled={replay.busy}
                  onClick={eventHandler(async () => {
                    if (await replay.run({ webhookId: id, deliveryId: d.id }))
                      refetch({ requestPolicy: 'network-only' });
                  })}
                >
                  {t('deliveries.replay')}
                </button>
              </div>
            )}
          </li>
        ))}
      </ul>
      <Pager paging={paging} nextCursor={data?.webhookDeliveries.nextCursor} label={t('deliveries.pager')} />
    </>
  );
}
