import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('webhooks');
  const [editing, setEditing] = useState(false);
  const update = useAction(UpdateWebhookDocument);
  const remove = useAction(DeleteWebhookDocument);
  const test = useAction(TestWebhookDocument);
  const [tested, setTested] = useState<string | null>(null);
  return (
    <li data-testid={`webhook-${endpoint.name}`}>
      <h3>{endpoint.name}</h3>
      <p>
        <code>{endpoint.url}</code> ·{' '}
        <span className="badge">{endpoint.isActive ? t('card.active') : t('card.inactive')}</span>
      </p>
      <p className="muted">
        {t('card.created', { events: endpoint.events.join(', '), at: formatDateTime(endpoint.createdAt) })}
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
          <Link to={endpoint.id}>{t('card.deliveryLog')}</Link>
          {writer && (
            <>
              <button type="button" onClick={() => setEditing(true)}>
                {t('card.edit')}
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
                        ? t('card.delivered', { status: r.statusCode, ms: formatCount(r.durationMs) })
                        : t('card.failed', { error: r.error ?? `HTTP ${r.statusCode}` }),
                    );
                  }
                })}
              >
                {t('card.sendTest')}
              </button>
              <ConfirmButton
                label={t('card.delete')}
                title={t('card.deleteTitle', { name: endpoint.name })}
                confirmLabel={t('card.deleteConfirm')}
                onConfirm={async () => {
                  if (await remove.run({ id: endpoint.id })) onChanged();
                }}
              >
                {t('card.deleteText')}
              </ConfirmButton>
            </>
          )}
        </div>
      )}
    </li>
  );
}
