/** The e-mails a company words itself, as the API names them (texts: `email-templates:kinds.<kind>`). */
export const KINDS = ['DOCUMENT', 'QUOTE', 'REMINDER', 'PAYMENT_THANKS', 'RECURRING'] as const;
export type Kind = (typeof KINDS)[number];

/**
 * What a template may say in {{name}} form (any other name is refused); what each becomes is the text
 * `email-templates:variables.<name>`.
 */
export const VARIABLES = [
  'documentNumber',
  'documentTitle',
  'amountDue',
  'dueDate',
  'daysOverdue',
  'variableSymbol',
  'company',
  'contact',
  'publicLink',
  'paymentQr',
] as const;
