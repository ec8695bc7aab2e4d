import { useQuery } from 'urql';
import type {
  RecurringDocumentType,
  RecurringSeriesFieldsFragment,
  RecurringSeriesStatus,
  RecurringUnit,
} from '../../gql/graphql';
import { formatDate } from '../../format';
import { can, useSession } from '../../session';
import { ContactChoicesDocument } from '../documents/operations';

export type Series = RecurringSeriesFieldsFragment;

export const SERIES_STATUS_LABELS: Record<RecurringSeriesStatus, string> = {
  ACTIVE: 'active',
  PAUSED: 'paused',
  ENDED: 'ended',
};

export const SERIES_TYPE_LABELS: Record<RecurringDocumentType, string> = {
  INVOICE: 'Invoice',
  PROFORMA: 'Proforma invoice',
};

export const UNIT_LABELS: Record<RecurringUnit, string> = {
  DAY: 'days',
  WEEK: 'weeks',
  MONTH: 'months',
  YEAR: 'years',
};

/** "Every 2 months on the last day of the month, 12 documents in all, until 31. 12. 2027". */
export function scheduleText(s: Pick<Series, 'every' | 'unit' | 'lastDayOfMonth' | 'count' | 'endDate'>): string {
  const every =
    s.every === 1 ? `Every ${UNIT_LABELS[s.unit].replace(/s$/, '')}` : `Every ${s.every} ${UNIT_LABELS[s.unit]}`;
  return [
    every,
    s.lastDayOfMonth ? ' on the last day of the month' : '',
    s.count !== null ? `, ${s.count} documents in all` : '',
    s.endDate ? `, until ${formatDate(s.endDate)}` : '',
  ].join('');
}

/** Contact names by id, when the person may read contacts (else the page shows "Contact"). */
export function useContactNames(): (id: string) => string {
  const { person } = useSession();
  const [{ data }] = useQuery({ query: ContactChoicesDocument, pause: !can(person, 'contacts', 'read') });
  return (id) => data?.contacts.data.find((c) => c.id === id)?.name ?? 'Contact';
}
