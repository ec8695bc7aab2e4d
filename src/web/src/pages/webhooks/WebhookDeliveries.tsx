import { useState } from 'react';
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

const STATUSES = [
  { value: '', label: 'Any status' },
  { value: 'PENDING', label: 'Pending' },
  { value: 'DELIVERED', label: 'Delivered' },
  { value: 'FAILED', label: 'Failed' },
];

export function WebhookDeliveries() {
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
      <PageHeader title={data ? `Deliveries of ${data.webhook.name}` : 'Deliveries'}>
        <SelectField
          label="Status"
          name="status"
          problem={null}
          options={STATUSES}
          value={status}
          onChange={(e) => {
            setStatus(e.target.value);
            paging.reset();
          }}
        />
      </PageHeader>
      <p>
        <Link to="..">All endpoints</Link>
      </p>
      <ErrorBox problem={problem ?? replay.problem} />
      {data && !data.webhookDeliveries.data.length && <Empty>No deliveries.</Empty>}
      <ul className="cards">
        {data?.webhookDeliveries.data.map((d) => (
          <li key={d.id} data-testid="delivery">
            <h3>
              {d.event} <span className="badge">{d.status}</span>
            </h3>
            <p className="muted">
              <code>{d.id}</code> · {formatDateTime(d.createdAt)}
            </p>
            {d.attempts.length > 0 && (
              <table className="list">
                <caption className="muted">Attempts</caption>
                <thead>
                  <tr>
                    <th scope="col">#</th>
                    <th scope="col">At</th>
                    <th scope="col">Response</th>
                    <th scope="col">Duration</th>
                  </tr>
                </thead>
                <tbody>
                  {d.attempts.map((a) => (
                    <tr key={a.number}>
                      <td data-label="#">{a.number}</td>
                      <td data-label="At">{formatDateTime(a.at)}</td>
                      <td data-label="Response">{a.statusCode ? `HTTP ${a.statusCode}` : (a.error ?? '—')}</td>
                      <td data-label="Duration">{formatCount(a.durationMs)} ms</td>
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
                  Replay
                </button>
              </div>
            )}
          </li>
        ))}
      </ul>
      <Pager paging={paging} nextCursor={data?.webhookDeliveries.nextCursor} label="Deliveries" />
    </>
  );
}
