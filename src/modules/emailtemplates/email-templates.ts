import type { DocumentLanguage } from '../../core/languages';

/** The e-mails a company words itself, one template per kind and language. */
export const EMAIL_KINDS = ['DOCUMENT', 'QUOTE', 'REMINDER', 'PAYMENT_THANKS', 'RECURRING'] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

/** What a template may say in `{{name}}` form; values are text already formatted in the e-mail's language. */
export const TEMPLATE_VARIABLES = [
  'documentNumber',
  'amountDue',
  'dueDate',
  'daysOverdue',
  'variableSymbol',
  'company',
  'contact',
  'publicLink',
  'documentTitle',
  'paymentQr',
] as const;
export type TemplateVariable = (typeof TEMPLATE_VARIABLES)[number];
/**
 * The values of a rendering. `documentTitle` (Faktura, Invoice, Rechnung, ...) and `paymentQr` may be
 * left out: they print nothing. `paymentQr` is the payment QR code: in the HTML body an inline image,
 * in the text body nothing (see RenderOptions.html).
 */
export type TemplateVariables = Record<Exclude<TemplateVariable, 'documentTitle' | 'paymentQr'>, string> &
  Partial<Record<'documentTitle' | 'paymentQr', string>>;

export interface EmailTemplateText {
  subject: string;
  body: string;
}

/** Bounds of a company's own template. */
export const TEMPLATE_LIMITS = { subject: 300, body: 10_000 } as const;

type Defaults = Record<EmailKind, EmailTemplateText>;

const CS: Defaults = {
  DOCUMENT: {
    subject: '{{documentTitle}} {{documentNumber}} – {{company}}',
    body: [
      'Dobrý den,',
      '',
      'v příloze Vám zasíláme doklad {{documentNumber}}.',
      'K úhradě: {{amountDue}}, splatnost {{dueDate}}, variabilní symbol {{variableSymbol}}.',
      '',
      '{{paymentQr}}',
      '',
      'Doklad si můžete prohlédnout také online: {{publicLink}}',
      '',
      'S pozdravem',
      '{{company}}',
    ].join('\n'),
  },
  QUOTE: {
    subject: 'Cenová nabídka {{documentNumber}} – {{company}}',
    body: [
      'Dobrý den,',
      '',
      'děkujeme za Váš zájem. V příloze Vám zasíláme cenovou nabídku {{documentNumber}}.',
      'Nabídku můžete přijmout nebo odmítnout online: {{publicLink}}',
      '',
      'S pozdravem',
      '{{company}}',
    ].join('\n'),
  },
  REMINDER: {
    subject: 'Upomínka: faktura {{documentNumber}} – {{company}}',
    body: [
      'Dobrý den,',
      '',
      'dovolujeme si Vás upozornit, že faktura {{documentNumber}} se splatností {{dueDate}} dosud nebyla uhrazena (dní po splatnosti: {{daysOverdue}}).',
      'Zbývá uhradit {{amountDue}}, variabilní symbol {{variableSymbol}}.',
      '',
      '{{paymentQr}}',
      '',
      'Fakturu najdete zde: {{publicLink}}',
      'Pokud jste již platbu odeslali, považujte prosím tuto zprávu za bezpředmětnou.',
      '',
      'S pozdravem',
      '{{company}}',
    ].join('\n'),
  },
  PAYMENT_THANKS: {
    subject: 'Děkujeme za úhradu faktury {{documentNumber}}',
    body: [
      'Dobrý den,',
      '',
      'děkujeme, Vaši platbu faktury {{documentNumber}} jsme přijali.',
      '',
      'S pozdravem',
      '{{company}}',
    ].join('\n'),
  },
  RECURRING: {
    subject: 'Pravidelná faktura {{documentNumber}} – {{company}}',
    body: [
      'Dobrý den,',
      '',
      'v příloze Vám zasíláme pravidelnou fakturu {{documentNumber}}.',
      'K úhradě: {{amountDue}}, splatnost {{dueDate}}, variabilní symbol {{variableSymbol}}.',
      '',
      '{{paymentQr}}',
      '',
      'Fakturu najdete také online: {{publicLink}}',
      '',
      'S pozdravem',
      '{{company}}',
    ].join('\n'),
  },
};

const EN: Defaults = {
  DOCUMENT: {
    subject: '{{documentTitle}} {{documentNumber}} – {{company}}',
    body: [
      'Hello,',
      '',
      'please find attached document {{documentNumber}}.',
      'Amount due: {{amountDue}}, due on {{dueDate}}, variable symbol {{variableSymbol}}.',
      '',
      '{{paymentQr}}',
      '',
      'You can also view it online: {{publicLink}}',
      '',
      'Kind regards',
      '{{company}}',
    ].join('\n'),
  },
  QUOTE: {
    subject: 'Quote {{documentNumber}} – {{company}}',
    body: [
      'Hello,',
      '',
      'thank you for your interest. Please find attached our quote {{documentNumber}}.',
      'You can accept or decline it online: {{publicLink}}',
      '',
      'Kind regards',
      '{{company}}',
    ].join('\n'),
  },
  REMINDER: {
    subject: 'Reminder: invoice {{documentNumber}} – {{company}}',
    body: [
      'Hello,',
      '',
      'we would like to remind you that invoice {{documentNumber}}, due on {{dueDate}}, has not been paid yet ({{daysOverdue}} days overdue).',
      'Amount due: {{amountDue}}, variable symbol {{variableSymbol}}.',
      '',
      '{{paymentQr}}',
      '',
      'You can find the invoice here: {{publicLink}}',
      'If you have already sent the payment, please disregard this message.',
      '',
      'Kind regards',
      '{{company}}',
    ].join('\n'),
  },
  PAYMENT_THANKS: {
    subject: 'Thank you for paying invoice {{documentNumber}}',
    body: [
      'Hello,',
      '',
      'thank you, we have received your payment of invoice {{documentNumber}}.',
      '',
      'Kind regards',
      '{{company}}',
    ].join('\n'),
  },
  RECURRING: {
    subject: 'Recurring invoice {{documentNumber}} – {{company}}',
    body: [
      'Hello,',
      '',
      'please find attached your recurring invoice {{documentNumber}}.',
      'Amount due: {{amountDue}}, due on {{dueDate}}, variable symbol {{variableSymbol}}.',
      '',
      '{{paymentQr}}',
      '',
      'You can also view it online: {{publicLink}}',
      '',
      'Kind regards',
      '{{company}}',
    ].join('\n'),
  },
};

const DE: Defaults = {
  DOCUMENT: {
    subject: '{{documentTitle}} {{documentNumber}} – {{company}}',
    body: [
      'Guten Tag,',
      '',
      'anbei erhalten Sie den Beleg {{documentNumber}}.',
      'Zu zahlen: {{amountDue}}, fällig am {{dueDate}}, Verwendungszweck (variables Symbol) {{variableSymbol}}.',
      '',
      '{{paymentQr}}',
      '',
      'Sie können ihn auch online ansehen: {{publicLink}}',
      '',
      'Mit freundlichen Grüßen',
      '{{company}}',
    ].join('\n'),
  },
  QUOTE: {
    subject: 'Angebot {{documentNumber}} – {{company}}',
    body: [
      'Guten Tag,',
      '',
      'vielen Dank für Ihr Interesse. Anbei erhalten Sie unser Angebot {{documentNumber}}.',
      'Sie können es online annehmen oder ablehnen: {{publicLink}}',
      '',
      'Mit freundlichen Grüßen',
      '{{company}}',
    ].join('\n'),
  },
  REMINDER: {
    subject: 'Zahlungserinnerung: Rechnung {{documentNumber}} – {{company}}',
    body: [
      'Guten Tag,',
      '',
      'wir möchten Sie darauf hinweisen, dass die Rechnung {{documentNumber}}, fällig am {{dueDate}}, noch nicht beglichen ist (seit {{daysOverdue}} Tagen überfällig).',
      'Offener Betrag: {{amountDue}}, Verwendungszweck (variables Symbol) {{variableSymbol}}.',
      '',
      '{{paymentQr}}',
      '',
      'Die Rechnung finden Sie hier: {{publicLink}}',
      'Sollten Sie die Zahlung bereits veranlasst haben, betrachten Sie diese Nachricht bitte als gegenstandslos.',
      '',
      'Mit freundlichen Grüßen',
      '{{company}}',
    ].join('\n'),
  },
  PAYMENT_THANKS: {
    subject: 'Vielen Dank für die Zahlung der Rechnung {{documentNumber}}',
    body: [
      'Guten Tag,',
      '',
      'vielen Dank, wir haben Ihre Zahlung der Rechnung {{documentNumber}} erhalten.',
      '',
      'Mit freundlichen Grüßen',
      '{{company}}',
    ].join('\n'),
  },
  RECURRING: {
    subject: 'Wiederkehrende Rechnung {{documentNumber}} – {{company}}',
    body: [
      'Guten Tag,',
      '',
      'anbei erhalten Sie Ihre wiederkehrende Rechnung {{documentNumber}}.',
      'Zu zahlen: {{amountDue}}, fällig am {{dueDate}}, Verwendungszweck (variables Symbol) {{variableSymbol}}.',
      '',
      '{{paymentQr}}',
      '',
      'Sie können sie auch online ansehen: {{publicLink}}',
      '',
      'Mit freundlichen Grüßen',
      '{{company}}',
    ].join('\n'),
  },
};

/** Faktura's own wording, used wherever a company has not written its own. */
export const DEFAULT_TEMPLATES: Record<DocumentLanguage, Defaults> = { cs: CS, en: EN, de: DE };

/** The words of a reminder before the due day and on it that differ (the rest is shared, see early()). */
interface EarlyWords {
  greeting: string;
  before: { subject: string; sentence: string };
  onDay: { subject: string; sentence: string };
  amount: string;
  find: string;
  paid: string;
  closing: string;
}

const EARLY_WORDS: Record<DocumentLanguage, EarlyWords> = {
  cs: {
    greeting: 'Dobrý den,',
    before: {
      subject: 'Připomínka splatnosti: faktura {{documentNumber}} – {{company}}',
      sentence: 'připomínáme, že faktura {{documentNumber}} je splatná {{dueDate}}.',
    },
    onDay: {
      subject: 'Dnes je splatná faktura {{documentNumber}} – {{company}}',
      sentence: 'připomínáme, že dnes, {{dueDate}}, je splatná faktura {{documentNumber}}.',
    },
    amount: 'K úhradě: {{amountDue}}, variabilní symbol {{variableSymbol}}.',
    find: 'Fakturu najdete zde: {{publicLink}}',
    paid: 'Pokud jste již zaplatili, považujte prosím tuto zprávu za bezpředmětnou.',
    closing: 'S pozdravem',
  },
  en: {
    greeting: 'Hello,',
    before: {
      subject: 'Payment reminder: invoice {{documentNumber}} – {{company}}',
      sentence: 'this is a friendly reminder that invoice {{documentNumber}} is due on {{dueDate}}.',
    },
    onDay: {
      subject: 'Invoice {{documentNumber}} is due today – {{company}}',
      sentence: 'this is a reminder that invoice {{documentNumber}} is due today, {{dueDate}}.',
    },
    amount: 'Amount due: {{amountDue}}, variable symbol {{variableSymbol}}.',
    find: 'You can find the invoice here: {{publicLink}}',
    paid: 'If you have already paid, please disregard this message.',
    closing: 'Kind regards',
  },
  de: {
    greeting: 'Guten Tag,',
    before: {
      subject: 'Fälligkeitshinweis: Rechnung {{documentNumber}} – {{company}}',
      sentence: 'wir erinnern Sie daran, dass die Rechnung {{documentNumber}} am {{dueDate}} fällig wird.',
    },
    onDay: {
      subject: 'Rechnung {{documentNumber}} ist heute fällig – {{company}}',
      sentence: 'wir erinnern Sie daran, dass die Rechnung {{documentNumber}} heute, am {{dueDate}}, fällig ist.',
    },
    amount: 'Zu zahlen: {{amountDue}}, Verwendungszweck (variables Symbol) {{variableSymbol}}.',
    find: 'Die Rechnung finden Sie hier: {{publicLink}}',
    paid: 'Falls Sie bereits gezahlt haben, betrachten Sie diese Nachricht bitte als gegenstandslos.',
    closing: 'Mit freundlichen Grüßen',
  },
};

/** A reminder's default wording before the due day or on it (after it: DEFAULT_TEMPLATES' REMINDER). */
function early(language: DocumentLanguage, when: 'before' | 'onDay'): EmailTemplateText {
  const w = EARLY_WORDS[language];
  const body = [w.greeting, '', w[when].sentence, w.amount, '', '{{paymentQr}}', '', w.find, w.paid, '', w.closing];
  return { subject: w[when].subject, body: [...body, '{{company}}'].join('\n') };
}

/**
 * Faktura's wording of `kind` in `language`; a REMINDER's by its step's days relative to the due date
 * (before it, on it, after it or no step: the overdue wording).
 */
export function defaultTemplate(language: DocumentLanguage, kind: EmailKind, step?: number | null): EmailTemplateText {
  if (kind === 'REMINDER' && step !== undefined && step !== null && step <= 0)
    return early(language, step < 0 ? 'before' : 'onDay');
  return DEFAULT_TEMPLATES[language][kind];
}

const PAYING = /\{\{\s*(amountDue|dueDate|variableSymbol|paymentQr)\s*\}\}/;

/** A default wording without its lines about paying: for a document that asks for no money (an order). */
export function withoutPaymentLines(template: EmailTemplateText): EmailTemplateText {
  const body = template.body
    .split('\n')
    .filter((line) => !PAYING.test(line))
    .join('\n');
  return { subject: template.subject, body };
}

/** The bounds of a reminder step's days (reminders' steps are within them). */
export const STEP_LIMITS = { min: -365, max: 365 } as const;
