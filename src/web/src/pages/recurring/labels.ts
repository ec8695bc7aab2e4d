import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import type { RecurringSeriesFieldsFragment } from '../../gql/graphql';
import { formatDate } from '../../format';
import { can, useSession } from '../../session';
import { ContactChoicesDocument } from '../documents/operations';

export type Series = RecurringSeriesFieldsFragment;

/** The languages of a series' documents, as the API names them. */
export const DOCUMENT_LANGUAGES = ['cs', 'en', 'de'] as const;
export type DocumentLanguage = (typeof DOCUMENT_LANGUAGES)[number];

export function isDocumentLanguage(value: string | null | undefined): value is DocumentLanguage {
  return (DOCUMENT_LANGUAGES as readonly (string | null | undefined)[]).includes(value);
}

/** "Every 2 months on the last day of the month, 12 documents in all, until 31 Dec 2027", in the language shown. */
export function scheduleText(
  t: TFunction<'recurring'>,
  s: Pick<Series, 'every' | 'unit' | 'lastDayOfMonth' | 'count' | 'endDate'>,
): string {
  const every = t(`schedule.every.${s.unit}`, { count: s.every });
  return [
    s.lastDayOfMonth ? t('schedule.lastDay', { every }) : every,
    s.count !== null && s.count !== undefined ? t('schedule.count', { count: s.count }) : null,
    s.endDate ? t('schedule.until', { date: formatDate(s.endDate) }) : null,
  ]
    .filter(Boolean)
    .join(', ');
}

/** Contact names by id, when the person may read contacts (else the page shows "Contact"). */
export function useContactNames(): (id: string) => string {
  const { t } = useTranslation('recurring');
  const { person } = useSession();
  const [{ data }] = useQuery({ query: ContactChoicesDocument, pause: !can(person, 'contacts', 'read') });
  return (id) => data?.contacts.data.find((c) => c.id === id)?.name ?? t('contact');
}
