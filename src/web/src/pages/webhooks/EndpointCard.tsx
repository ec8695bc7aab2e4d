import { useState } from 'react';
import { Link } from 'react-router';
import type { WebhooksQuery } from '../../gql/graphql';
import { useAction, eventHandler, submitHandler } from '../../components/action';
import { ConfirmButton } from '../../components/confirm';
import { ErrorBox, Notice } from '../../components/feedback';
import { CheckboxField, FormError, SaveOrCancel, TextField, formText } from '../../components/form';
import { formatCount, formatDateTime } from '../../format';
import { UpdateWebhookDocument, DeleteWebhookDocument, TestWebhookDocument } from './operations';
import { EventChoice, checkedEvents, type Catalog } from './EventChoice';

export type Endpoint = WebhooksQuery['webhooks']['data'][number];

export function EndpointCard({
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
          onSubmit={submitHandler(async (form) => {
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
