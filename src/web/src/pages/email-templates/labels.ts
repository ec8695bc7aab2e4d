/** The e-mails a company words itself, as the API names them. */
export const KIND_LABELS = {
  DOCUMENT: 'Document (invoice, proforma, …)',
  QUOTE: 'Quote',
  REMINDER: 'Reminder',
  PAYMENT_THANKS: 'Thanks for a payment',
  RECURRING: 'Invoice of a recurring series',
} as const;
export type Kind = keyof typeof KIND_LABELS;

/** What a template may say in {{name}} form (any other name is refused), with what it becomes. */
export const VARIABLES = {
  documentNumber: 'the document’s number',
  documentTitle: 'what the document is: Faktura, Invoice, Rechnung, …',
  amountDue: 'what remains to be paid, with the currency',
  dueDate: 'the due date',
  daysOverdue: 'whole days after the due date (0 before it)',
  variableSymbol: 'the variable symbol',
  company: 'your company’s name',
  contact: 'the customer’s name',
  publicLink: 'the document’s public page',
  paymentQr: 'the payment QR code: an image in the HTML e-mail, nothing in the text',
} as const;
