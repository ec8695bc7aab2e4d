import type { WebhooksQuery } from '../../gql/graphql';
import { CheckboxField } from '../../components/form';
import { fieldError, type Problem } from '../../errors';

export type Catalog = WebhooksQuery['webhookEvents'];

/** One checkbox per catalog event; the server's message for `events` under the group. */
export function EventChoice({
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

export function checkedEvents(form: HTMLFormElement): string[] {
  return new FormData(form).getAll('events').map(String);
}
