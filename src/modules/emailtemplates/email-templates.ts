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
] as const;
export type TemplateVariable = (typeof TEMPLATE_VARIABLES)[number];
export type TemplateVariables = Record<TemplateVariable, string>;

export interface EmailTemplateText {
  subject: string;
  body: string;
}

/** Bounds of a company's own template. */
export const TEMPLATE_LIMITS = { subject: 300, body: 10_000 } as const;

type Defaults = Record<EmailKind, EmailTemplateText>;

const CS: Defaults = {
  DOCUMENT: {
    subject: 'Doklad {{documentNumber}} – {{company}}',
    body: [
      'Dobrý den,',
      '',
      'v příloze Vám zasíláme doklad {{documentNumber}}.',
      'K úhradě: {{amountDue}}, splatnost {{dueDate}}, variabilní symbol {{variableSymbol}}.',
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
      'Fakturu najdete také online: {{publicLink}}',
      '',
      'S pozdravem',
      '{{company}}',
    ].join('\n'),
  },
};

const EN: Defaults = {
  DOCUMENT: {
    subject: 'Document {{documentNumber}} – {{company}}',
    body: [
      'Hello,',
      '',
      'please find attached document {{documentNumber}}.',
      'Amount due: {{amountDue}}, due on {{dueDate}}, variable symbol {{variableSymbol}}.',
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
      'You can also view it online: {{publicLink}}',
      '',
      'Kind regards',
      '{{company}}',
    ].join('\n'),
  },
};

const DE: Defaults = {
  DOCUMENT: {
    subject: 'Beleg {{documentNumber}} – {{company}}',
    body: [
      'Guten Tag,',
      '',
      'anbei erhalten Sie den Beleg {{documentNumber}}.',
      'Zu zahlen: {{amountDue}}, fällig am {{dueDate}}, Verwendungszweck (variables Symbol) {{variableSymbol}}.',
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
      'Sie können sie auch online ansehen: {{publicLink}}',
      '',
      'Mit freundlichen Grüßen',
      '{{company}}',
    ].join('\n'),
  },
};

/** Faktura's own wording, used wherever a company has not written its own. */
export const DEFAULT_TEMPLATES: Record<DocumentLanguage, Defaults> = { cs: CS, en: EN, de: DE };
