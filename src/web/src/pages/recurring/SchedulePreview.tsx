import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import type { RecurringScheduleInput } from '../../gql/graphql';
import { useSettled } from '../../components/settled';
import { formatDate } from '../../format';
import { RecurringSchedulePreviewDocument } from './operations';

/** A day the API takes: YYYY-MM-DD (a half-typed date input asks nothing). */
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The first issue dates of the schedule being typed, from the server (the same arithmetic the series
 * will run), asked once the fields have stopped changing; nothing while the schedule is incomplete.
 */
export function SchedulePreview({ schedule }: { schedule: RecurringScheduleInput }) {
  const { t } = useTranslation('recurring');
  const { settled, pending } = useSettled(schedule, 400);
  const complete =
    DAY.test(settled.startDate) &&
    (settled.endDate === null || settled.endDate === undefined || DAY.test(settled.endDate)) &&
    (settled.every ?? 1) >= 1 &&
    (settled.count === null || settled.count === undefined || settled.count >= 1);
  const [{ data, error, fetching }] = useQuery({
    query: RecurringSchedulePreviewDocument,
    variables: { schedule: settled },
    pause: !complete,
  });
  const dates = complete && !error ? data?.recurringSchedulePreview.dates : undefined;
  return (
    <section aria-labelledby="schedule-preview" className="schedule-preview" aria-busy={pending || fetching}>
      <h2 id="schedule-preview">{t('form.preview')}</h2>
      <div aria-live="polite">
        {!complete ? (
          <p className="muted">{t('form.previewIncomplete')}</p>
        ) : error ? (
          <p className="muted">{t('form.previewInvalid')}</p>
        ) : dates && dates.length > 0 ? (
          <ol data-testid="schedule-preview">
            {dates.map((d) => (
              <li key={d}>{formatDate(d)}</li>
            ))}
          </ol>
        ) : dates ? (
          <p className="muted">{t('form.previewNone')}</p>
        ) : null}
      </div>
    </section>
  );
}
