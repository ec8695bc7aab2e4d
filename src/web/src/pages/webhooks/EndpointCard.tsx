import { useState } from 'react';
import { Link } from 'react-router';
import { useAction, eventHandler, submitHandler } from '../../components/action';
import { ConfirmButton } from '../../components/confirm';
import { ErrorBox, Notice } from '../../components/feedback';
import { FormError, SaveOrCancel } from '../../components/form';
import { formatCount, formatDateTime } from '../../format';
import { UpdateWebhookDocument, DeleteWebhookDocument, TestWebhookDocument } from './operations';
import { EndpointFields, FIELDS, endpointInput, type Catalog, type Endpoint } from './EndpointFields';

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
            if (await update.run({ id: endpoint.id, input: endpointInput(form) })) {
              setEditing(false);
              onChanged();
            }
          })}
        >
          <FormError problem={update.problem} fields={FIELDS} />
          <EndpointFields endpoint={endpoint} catalog={catalog} problem={update.problem} />
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
