import { useState } from 'react';
import { Link, Route, Routes, useParams } from 'react-router';
import { useQuery } from 'urql';
import { graphql } from '../gql';
import type { WebhooksQuery } from '../gql/graphql';
import { useAction, eventHandler } from '../components/action';
import { ConfirmButton } from '../components/confirm';
import { Empty, ErrorBox, Notice, PageHeader } from '../components/feedback';
import { CheckboxField, FormError, SaveOrCancel, SelectField, TextField, formText } from '../components/form';
import { Pager, usePaging } from '../components/paging';
import { OneTimeSecret } from '../components/secret';
import { fieldError, problemOf, type Problem } from '../errors';
import { formatCount, formatDateTime } from '../format';
import { can, useSession } from '../session';
import { NotFound } from '../shell/NotFound';

const WebhooksDocument = graphql(`
  query Webhooks($limit: Int, $cursor: String) {
    webhooks(limit: $limit, cursor: $cursor) {
      data {
        id
        name
        url
        events
        isActive
        createdAt
      }
      nextCursor
    }
    webhookEvents {
      event
      description
    }
  }
`);

const CreateWebhookDocument = graphql(`
  mutation CreateWebhook($input: CreateWebhookInput!) {
    createWebhook(input: $input) {
      id
      name
      secret
    }
  }
`);

const UpdateWebhookDocument = graphql(`
  mutation UpdateWebhook($id: ID!, $input: UpdateWebhookInput!) {
    updateWebhook(id: $id, input: $input) {
      id
      name
      url
      events
      isActive
    }
  }
`);

const DeleteWebhookDocument = graphql(`
  mutation DeleteWebhook($id: ID!) {
    deleteWebhook(id: $id)
  }
`);

const TestWebhookDocument = graphql(`
  mutation TestWebhook($id: ID!) {
    testWebhook(id: $id) {
      delivered
      statusCode
      durationMs
      error
    }
  }
`);

const WebhookDeliveriesDocument = graphql(`
  query WebhookDeliveries($webhookId: ID!, $limit: Int, $cursor: String, $status: String) {
    webhook(id: $webhookId) {
      id
      name
      url
    }
    webhookDeliveries(webhookId: $webhookId, limit: $limit, cursor: $cursor, status: $status) {
      data {
        id
        event
        status
        createdAt
        attempts {
          number
          at
          statusCode
          durationMs
          error
        }
      }
      nextCursor
    }
  }
`);

const ReplayWebhookDeliveryDocument = graphql(`
  mutation ReplayWebhookDelivery($webhookId: ID!, $deliveryId: ID!) {
    replayWebhookDelivery(webhookId: $webhookId, deliveryId: $deliveryId) {
      id
      status
    }
  }
`);

type Endpoint = WebhooksQuery['webhooks']['data'][number];
type Catalog = WebhooksQuery['webhookEvents'];

export function Webhooks() {
  return (
    <Routes>
      <Route index element={<WebhookList />} />
      <Route path=":id" element={<WebhookDeliveries />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}

/** One checkbox per catalog event; the server's message for `events` under the group. */
function EventChoice({
  catalog,
  selected,
  problem,
}: {
  catalog: Catalog;
  selected: readonly string[];
  problem: Problem | null;
}) {
  const error = fieldError(problem, 'events');
  return (
    <fieldset className={error ? 'invalid' : undefined}>
      <legend>Events</legend>
      <div className="perm-grid">
        {catalog.map((e) => (
          <CheckboxField
            key={e.event}
            label={e.event}
            name="events"
            value={e.event}
            defaultChecked={selected.includes(e.event)}
            problem={null}
            title={e.description}
          />
        ))}
      </div>
      {error && <small className="field-error">{error}</small>}
    </fieldset>
  );
}

function checkedEvents(form: HTMLFormElement): string[] {
  return new FormData(form).getAll('events').map(String);
}

function WebhookList() {
  const { person } = useSession();
  const writer = can(person, 'automations', 'write');
  const paging = usePaging();
  const [{ data, error }, refetch] = useQuery({ query: WebhooksDocument, variables: paging.variables });
  const create = useAction(CreateWebhookDocument);
  const [secret, setSecret] = useState<{ label: string; value: string } | null>(null);
  const reload = () => refetch({ requestPolicy: 'network-only' });

  return (
    <>
      <PageHeader title="Webhooks" />
      {secret && <OneTimeSecret label={secret.label} value={secret.value} onDone={() => setSecret(null)} />}
      {writer && data && (
        <section aria-labelledby="new-webhook">
          <h2 id="new-webhook">Add an endpoint</h2>
          <form
            className="stack-form"
            onSubmit={eventHandler(async (e) => {
              e.preventDefault();
              const form = e.currentTarget;
              const done = await create.run({
                input: {
                  name: formText(form, 'name'),
                  url: formText(form, 'url'),
                  events: checkedEvents(form),
                  isActive: new FormData(form).get('isActive') === 'on',
                },
              });
              if (done) {
                form.reset();
                setSecret({ label: `Signing secret of ${done.createWebhook.name}`, value: done.createWebhook.secret });
                reload();
              }
            })}
          >
            <FormError problem={create.problem} fields={['name', 'url', 'events', 'isActive']} />
            <TextField label="Name" name="name" problem={create.problem} required />
            <TextField label="URL" name="url" type="url" problem={create.problem} required placeholder="https://" />
            <EventChoice catalog={data.webhookEvents} selected={[]} problem={create.problem} />
            <CheckboxField label="Active" name="isActive" problem={create.problem} defaultChecked />
            <button type="submit" className="primary" disabled={create.busy}>
              Create endpoint
            </button>
          </form>
        </section>
      )}
      <section aria-labelledby="endpoints">
        <h2 id="endpoints">Endpoints</h2>
        <ErrorBox problem={problemOf(error)} />
        {data && !data.webhooks.data.length && <Empty>No webhook endpoints yet.</Empty>}
        <ul className="cards">
          {data?.webhooks.data.map((w) => (
            <EndpointCard key={w.id} endpoint={w} catalog={data.webhookEvents} writer={writer} onChanged={reload} />
          ))}
        </ul>
        <Pager paging={paging} nextCursor={data?.webhooks.nextCursor} label="Webhooks" />
      </section>
    </>
  );
}

function EndpointCard({
  endpoint,
  catalog,
  writer,
  onChanged,
}: {
  endpoint: Endpoint;
  catalog: Catalog;
  writer: boolean;
  onChanged: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const update = useAction(UpdateWebhookDocument);
  const remove = useAction(DeleteWebhookDocument);
  const test = useAction(TestWebhookDocument);
  const [tested, setTested] = useState<string | null>(null);
  return (
    <li data-testid={`webhook-${endpoint.name}`}>
      <h3>{endpoint.name}</h3>
      <p>
        <code>{endpoint.url}</code> · <span className="badge">{endpoint.isActive ? 'active' : 'inactive'}</span>
      </p>
      <p className="muted">
        {endpoint.events.join(', ')} · created {formatDateTime(endpoint.createdAt)}
      </p>
      <ErrorBox problem={remove.problem ?? test.problem} />
      {tested && <Notice>{tested}</Notice>}
      {editing ? (
        <form
          className="stack-form"
          onSubmit={eventHandler(async (e) => {
            e.preventDefault();
            const form = e.currentTarget;
            const done = await update.run({
              id: endpoint.id,
              input: {
                name: formText(form, 'name'),
                url: formText(form, 'url'),
                events: checkedEvents(form),
                isActive: new FormData(form).get('isActive') === 'on',
              },
            });
            if (done) {
              setEditing(false);
              onChanged();
            }
          })}
        >
          <FormError problem={update.problem} fields={['name', 'url', 'events', 'isActive']} />
          <TextField label="Name" name="name" defaultValue={endpoint.name} problem={update.problem} required />
          <TextField label="URL" name="url" type="url" defaultValue={endpoint.url} problem={update.problem} required />
          <EventChoice catalog={catalog} selected={endpoint.events} problem={update.problem} />
          <CheckboxField label="Active" name="isActive" problem={update.problem} defaultChecked={endpoint.isActive} />
          <SaveOrCancel busy={update.busy} onCancel={() => setEditing(false)} />
        </form>
      ) : (
        <div className="actions">
          <Link to={endpoint.id}>Delivery log</Link>
          {writer && (
            <>
              <button type="button" onClick={() => setEditing(true)}>
                Edit
              </button>
              <button
                type="button"
                disabled={test.busy}
                onClick={eventHandler(async () => {
                  setTested(null);
                  const done = await test.run({ id: endpoint.id });
                  if (done) {
                    const r = done.testWebhook;
                    setTested(
                      r.delivered
                        ? `Test delivered: HTTP ${r.statusCode} in ${formatCount(r.durationMs)} ms.`
                        : `Test failed: ${r.error ?? `HTTP ${r.statusCode}`}.`,
                    );
                  }
                })}
              >
                Send test
              </button>
              <ConfirmButton
                label="Delete"
                title={`Delete the endpoint ${endpoint.name}?`}
                confirmLabel="Delete endpoint"
                onConfirm={async () => {
                  if (await remove.run({ id: endpoint.id })) onChanged();
                }}
              >
                No more events are sent to it. This cannot be undone.
              </ConfirmButton>
            </>
          )}
        </div>
      )}
    </li>
  );
}

const STATUSES = [
  { value: '', label: 'Any status' },
  { value: 'PENDING', label: 'Pending' },
  { value: 'DELIVERED', label: 'Delivered' },
  { value: 'FAILED', label: 'Failed' },
];

function WebhookDeliveries() {
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
