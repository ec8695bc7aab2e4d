/**
 * The period placeholders of a series' template texts (item names and the note): `{{period.month}}`,
 * `{{period.year}}`, `{{period.from}}` and `{{period.to}}`, rendered at generation in the document's
 * language. The period of an occurrence runs from its issue date to the day before the next
 * scheduled issue date (for the last occurrence as if the schedule went on).
 */
import type { ErrorDetail } from '../../core/errors';
import type { DocumentLanguage } from '../../core/languages';
import { formatDate } from '../documents/documents.module';
import { addDays, occurrenceDate, type Schedule } from './schedule';

export const PERIOD_PLACEHOLDERS = ['period.month', 'period.year', 'period.from', 'period.to'] as const;
type PlaceholderName = (typeof PERIOD_PLACEHOLDERS)[number];

/** `{{ name }}`, spaces around the name allowed. */
const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** Month names as a heading writes them (nominative): leden, January, Januar. */
const MONTHS: Record<DocumentLanguage, readonly string[]> = {
  cs: [
    'leden',
    'únor',
    'březen',
    'duben',
    'květen',
    'červen',
    'červenec',
    'srpen',
    'září',
    'říjen',
    'listopad',
    'prosinec',
  ],
  en: [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ],
  de: [
    'Januar',
    'Februar',
    'März',
    'April',
    'Mai',
    'Juni',
    'Juli',
    'August',
    'September',
    'Oktober',
    'November',
    'Dezember',
  ],
};

/** An occurrence's period: Czech days, both inclusive. */
export interface Period {
  from: string;
  to: string;
}

/** The period of occurrence `index`: its issue date to the day before occurrence `index + 1`'s. */
export function periodOf(schedule: Schedule, index: number): Period {
  return { from: occurrenceDate(schedule, index), to: addDays(occurrenceDate(schedule, index + 1), -1) };
}

const isPlaceholder = (name: string): name is PlaceholderName =>
  (PERIOD_PLACEHOLDERS as readonly string[]).includes(name);

/** The texts of a template that may hold placeholders, each with its field path. */
function templateTexts(template: { items: readonly { name: string }[]; note: string | null }): [string, string][] {
  const texts: [string, string][] = template.items.map((item, i) => [`items[${i}].name`, item.name]);
  if (template.note !== null) texts.push(['note', template.note]);
  return texts;
}

/** One detail per text with an unknown `{{…}}` name (create/update answer them as 400 VALIDATION_FAILED). */
export function unknownPlaceholders(template: {
  items: readonly { name: string }[];
  note: string | null;
}): ErrorDetail[] {
  return templateTexts(template).flatMap(([path, text]) => {
    const unknown = [...text.matchAll(PLACEHOLDER)].map((m) => m[1]).filter((name) => !isPlaceholder(name));
    return unknown.length === 0
      ? []
      : [{ path, message: `unknown placeholder ${unknown.map((n) => `{{${n}}}`).join(', ')}; known: ${known()}` }];
  });
}

const known = (): string => PERIOD_PLACEHOLDERS.map((n) => `{{${n}}}`).join(', ');

/** A Czech day as a Date the documents' date format reads back as that day. */
const middayOf = (day: string): Date => new Date(`${day}T12:00:00Z`);

/** `text` with the period's placeholders filled in as `language` writes them (unknown names left as they are). */
export function renderPeriod(text: string, period: Period, language: DocumentLanguage): string {
  const values: Record<PlaceholderName, string> = {
    'period.month': MONTHS[language][Number(period.from.slice(5, 7)) - 1],
    'period.year': period.from.slice(0, 4),
    'period.from': formatDate(middayOf(period.from), language),
    'period.to': formatDate(middayOf(period.to), language),
  };
  return text.replace(PLACEHOLDER, (whole, name: string) => (isPlaceholder(name) ? values[name] : whole));
}
