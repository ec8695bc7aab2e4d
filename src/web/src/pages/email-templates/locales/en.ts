/** The `email-templates` namespace in English (the reference): the texts of pages/email-templates. */
const en = {
  title: 'E-mail templates',
  kinds: {
    DOCUMENT: 'Document (invoice, proforma, …)',
    QUOTE: 'Quote',
    REMINDER: 'Reminder',
    PAYMENT_THANKS: 'Thanks for a payment',
    RECURRING: 'Invoice of a recurring series',
  },
  languages: { cs: 'Czech', en: 'English', de: 'German' },
  variables: {
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
  },
  choose: {
    kind: 'E-mail',
    step: 'Reminder step',
    language: 'Template language',
    allSteps: 'All steps (general wording)',
    customStep: '{{step}} (custom)',
  },
  editor: {
    label: 'Template: {{label}}',
    inherited: 'Uses the general reminder text',
    custom: 'Custom',
    default: 'Faktura’s default',
    inheritedBefore:
      'While neither this step nor all steps have a text of your own, Faktura sends its default reminder worded for before the due date.',
    inheritedOnDue:
      'While neither this step nor all steps have a text of your own, Faktura sends its default reminder worded for the due date.',
    subject: 'Subject',
    body: 'Body',
    variables: 'Variables',
    save: 'Save template',
    saved: 'Template saved.',
    reset: 'Reset to default',
    resetDone: 'Back to Faktura’s default text.',
    useGeneral: 'Use the general reminder text',
    useGeneralDone: 'Back to the general reminder text.',
  },
  preview: {
    heading: 'Preview',
    updating: '(updating…)',
    needsDocuments: 'The preview shows a document’s values: it needs access to documents.',
    noDocuments: 'Create an invoice to preview the e-mail with its values.',
    document: 'Preview with document',
    subject: 'Subject:',
  },
  thanks: {
    heading: 'Payment thanks',
    label: 'Thank customers for payments',
    on: 'Payment thanks switched on.',
    off: 'Payment thanks switched off.',
    explain:
      'When an invoice becomes paid through a payment, the customer gets the “Thanks for a payment” e-mail below.',
  },
};

export default en;
