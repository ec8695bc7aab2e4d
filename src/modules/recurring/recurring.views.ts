import type { RecurringSeries, SeriesItem } from './recurring-series.entity';
import type { Occurrence } from './schedule';
import { scheduleOf } from './series-state';

export type SeriesView = {
  id: string;
  name: string;
  documentType: string;
  contactId: string;
  currency: string;
  items: SeriesItem[];
  note: string | null;
  tags: string[];
  dueInDays: number;
  language: string | null;
  startDate: string;
  unit: string;
  every: number;
  lastDayOfMonth: boolean;
  endDate: string | null;
  count: number | null;
  issueAndSend: boolean;
  status: string;
  /** The next issue date (Czech day); null once ENDED. */
  nextDate: string | null;
  lastOccurrenceDate: string | null;
  /** Why the last generation failed; null once one succeeds. */
  lastError: string | null;
  createdAt: string;
  updatedAt: string;
};

export function seriesView(s: RecurringSeries): SeriesView {
  return {
    id: s.id,
    name: s.name,
    documentType: s.documentType,
    contactId: s.contactId,
    currency: s.currency,
    items: s.items,
    note: s.note,
    tags: s.tags,
    dueInDays: s.dueInDays,
    language: s.language,
    ...scheduleOf(s),
    issueAndSend: s.issueAndSend,
    status: s.status,
    nextDate: s.nextDate,
    lastOccurrenceDate: s.lastOccurrenceDate,
    lastError: s.lastError,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  };
}

export interface PreviewView {
  /** The next issue dates from where the series is, at most 12; empty once ENDED. */
  dates: string[];
}

export const previewView = (occurrences: Occurrence[]): PreviewView => ({ dates: occurrences.map((o) => o.date) });
