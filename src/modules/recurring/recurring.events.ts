import { event, type FieldSet, type PayloadsOf } from '../../core/outbox/event-declarations';
import type { SeriesView } from './recurring.views';

/** The series record as GET /recurring-series/:id answers it: the payload of every recurring_series.* event. */
export type SeriesPayload = SeriesView;

/** recurring_series.generated: the series after the occurrence, with the document it made. */
export type SeriesGeneratedPayload = SeriesPayload & {
  documentId: string;
  /** The occurrence's 0-based index and Czech day (the document's issue date). */
  occurrenceIndex: number;
  occurrenceDate: string;
};

/** recurring_series.failed: the series with why it could not generate (also kept as lastError). */
export type SeriesFailedPayload = SeriesPayload & { error: string };

const SERIES = {
  id: true,
  name: true,
  documentType: true,
  contactId: true,
  currency: true,
  items: true,
  note: true,
  tags: true,
  dueInDays: true,
  language: true,
  startDate: true,
  unit: true,
  every: true,
  lastDayOfMonth: true,
  endDate: true,
  count: true,
  issueAndSend: true,
  status: true,
  nextDate: true,
  lastOccurrenceDate: true,
  lastError: true,
  createdAt: true,
  updatedAt: true,
} as const satisfies FieldSet<SeriesPayload>;

const series = event<SeriesPayload>();

export const recurringEvents = {
  'recurring_series.created': series.listed('POST /recurring-series', SERIES),
  'recurring_series.updated': series.listed('PUT /recurring-series/:id (template or schedule replaced)', SERIES),
  'recurring_series.deleted': series.listed('DELETE /recurring-series/:id (the documents it generated stay)', SERIES),
  'recurring_series.paused': series.listed('POST /recurring-series/:id/pause of an ACTIVE series', SERIES),
  'recurring_series.resumed': series.listed('POST /recurring-series/:id/resume of a PAUSED series', SERIES),
  'recurring_series.generated': event<SeriesGeneratedPayload>().listed(
    'The daily job made the document of one occurrence (its own document.created is recorded too)',
    { ...SERIES, documentId: true, occurrenceIndex: true, occurrenceDate: true },
  ),
  'recurring_series.failed': event<SeriesFailedPayload>().listed(
    'The series could not generate (archived contact, say): once per failure episode, until one succeeds',
    { ...SERIES, error: true },
  ),
  'recurring_series.ended': series.listed(
    'The series has no further occurrence (its count or end date reached); status ENDED',
    SERIES,
  ),
};
export type RecurringEvents = PayloadsOf<typeof recurringEvents>;
