import type { DocumentLanguage } from '../../core/languages';
import type { Document } from '../documents/documents.module';
import { formatAmount as amount, formatDate as date, remainingOf } from '../documents/documents.module';

interface Texts {
  subject: (number: string) => string;
  before: (days: number, number: string) => string;
  onDay: (number: string) => string;
  after: (days: number, number: string) => string;
  toPay: string;
  due: string;
  closing: string;
}

/** Plain default texts of a reminder per language, until the company's own templates (issue 26 point 5). */
const TEXTS: Record<DocumentLanguage, Texts> = {
  cs: {
    subject: (n) => `Upomínka: faktura ${n}`,
    before: (d, n) => `Dobrý den,\n\npřipomínáme, že za ${d} dní je splatná faktura ${n}.`,
    onDay: (n) => `Dobrý den,\n\npřipomínáme, že dnes je splatná faktura ${n}.`,
    after: (d, n) => `Dobrý den,\n\nevidujeme ${d} dní po splatnosti neuhrazenou fakturu ${n}.`,
    toPay: 'K úhradě',
    due: 'Splatnost',
    closing: 'Pokud jste již zaplatili, považujte prosím tuto zprávu za bezpředmětnou.',
  },
  en: {
    subject: (n) => `Reminder: invoice ${n}`,
    before: (d, n) => `Hello,\n\nthis is a reminder that invoice ${n} is due in ${d} days.`,
    onDay: (n) => `Hello,\n\nthis is a reminder that invoice ${n} is due today.`,
    after: (d, n) => `Hello,\n\ninvoice ${n} is ${d} days overdue.`,
    toPay: 'To pay',
    due: 'Due date',
    closing: 'If you have already paid, please disregard this message.',
  },
  de: {
    subject: (n) => `Zahlungserinnerung: Rechnung ${n}`,
    before: (d, n) => `Guten Tag,\n\nwir erinnern Sie daran, dass die Rechnung ${n} in ${d} Tagen fällig wird.`,
    onDay: (n) => `Guten Tag,\n\nwir erinnern Sie daran, dass die Rechnung ${n} heute fällig ist.`,
    after: (d, n) => `Guten Tag,\n\ndie Rechnung ${n} ist seit ${d} Tagen überfällig.`,
    toPay: 'Zu zahlen',
    due: 'Fällig am',
    closing: 'Falls Sie bereits gezahlt haben, betrachten Sie diese Nachricht bitte als gegenstandslos.',
  },
};

/** The subject and text of a reminder of `doc` at a step `days` after (negative: before) its due date. */
export function reminderText(
  doc: Document,
  language: DocumentLanguage,
  days: number,
): { subject: string; text: string } {
  const t = TEXTS[language];
  const opening = days < 0 ? t.before(-days, doc.number) : days === 0 ? t.onDay(doc.number) : t.after(days, doc.number);
  const text = [
    opening,
    '',
    `${t.toPay}: ${amount(remainingOf(doc), language)} ${doc.currency}`,
    `${t.due}: ${date(doc.dueAt, language)}`,
    '',
    t.closing,
  ].join('\n');
  return { subject: t.subject(doc.number), text };
}
