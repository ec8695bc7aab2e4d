import { useTranslation } from 'react-i18next';
import type { WebhooksQuery } from '../../gql/graphql';
import { CheckboxField, TextField, formText } from '../../components/form';
import { fieldError, type Problem } from '../../errors';

export type Endpoint = WebhooksQuery['webhooks']['data'][number];
export type Catalog = WebhooksQuery['webhookEvents'];

export const FIELDS = ['name', 'url', 'events', 'isActive'];

export function endpointInput(form: HTMLFormElement) {
  return {
    name: formText(form, 'name'),
    url: formText(form, 'url'),
    events: new FormData(form).getAll('events').map(String),
    isActive: new FormData(form).get('isActive') === 'on',
  };
}

/** The fields of a new endpoint, or of `endpoint` being edited. */
export function EndpointFields({
  endpoint,
  catalog,
  problem,
}: {
  endpoint?: Endpoint;
  catalog: Catalog;
  problem: Problem | null;
}) {
  const { t } = useTranslation('webhooks');
  return (
    <>
      <TextField label={t('fields.name')} name="name" defaultValue={endpoint?.name} problem={problem} required />
      <TextField
        label={t('fields.url')}
        name="url"
        type="url"
        defaultValue={endpoint?.url}
        problem={problem}
        required
        placeholder="https://"
      />
      <EventChoice catalog={catalog} selected={endpoint?.events ?? []} problem={problem} />
      <CheckboxField
        label={t('fields.active')}
        name="isActive"
        problem={problem}
        defaultChecked={endpoint?.isActive ?? true}
      />
    </>
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
  const { t } = useTranslation('webhooks');
  const error = fieldError(problem, 'events');
  return (
    <fieldset className={error ? 'invalid' : undefined}>
      <legend>{t('fields.events')}</legend>
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
