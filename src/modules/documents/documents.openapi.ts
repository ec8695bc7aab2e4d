import { DOCUMENT_LANGUAGES } from '../../core/languages';
import * as oa from '../../core/openapi/builders';
import {
  convertInput,
  createDocumentInput,
  creditNoteInput,
  finalInvoiceInput,
  pdfQuery,
  quoteAnswerInput,
  listDocumentsQuery,
  sendEmailInput,
  totalsPreviewInput,
  transitionInput,
  updateDocumentInput,
} from './document.inputs';
import { numberingInput } from './numbering';
import { RESTARTS } from './numbering-mask';
import { ALLOWED_TRANSITIONS } from './document-status';
import { CONVERSIONS, CONVERTIBLE_STATUSES } from './conversion-pairs';
import { DOCUMENT_STATUSES, DOCUMENT_TYPES } from './document.types';
import { DOMESTIC_CODES } from './reverse-charge';
import { paginationInput } from '../../core/validation';
import { documentEmailsOpenApi, withReminders } from './document-emails.openapi';

const READ = { section: 'documents', access: 'read' } as const;
const WRITE = { section: 'documents', access: 'write' } as const;
const tags = ['Documents'];
const documentType: oa.Schema = { type: 'string', enum: [...DOCUMENT_TYPES] };
const documentStatus: oa.Schema = { type: 'string', enum: [...DOCUMENT_STATUSES] };
const number: oa.Schema = { type: 'number' };
const nullableUuid: oa.Schema = { type: ['string', 'null'], format: 'uuid' };
const nullableDateTime: oa.Schema = { type: ['string', 'null'], format: 'date-time' };

/** A document line; received costs show their lines the same way. */
export const documentItem = oa.object({
  name: oa.string,
  quantity: number,
  unit: oa.string,
  unitPrice: number,
  vatRate: number,
  priceIncludesVat: oa.boolean,
  base: { ...oa.decimalString, description: 'round2(quantity × unitPrice), net of VAT' },
  vat: {
    ...oa.decimalString,
    description: 'round2(base × rate / 100), or round2(gross × rate / (100 + rate)) for gross prices',
  },
  total: { ...oa.decimalString, description: 'base + vat' },
});

const nullableStatus: oa.Schema = { type: ['string', 'null'], enum: [...DOCUMENT_STATUSES, null] };
const historyEntry = oa.object({
  id: oa.uuid,
  action: { type: 'string', enum: ['STATUS_CHANGED', 'POS_CANCEL'] },
  fromStatus: nullableStatus,
  toStatus: nullableStatus,
  reason: oa.nullableString,
  userId: nullableUuid,
  posDeviceId: nullableUuid,
  at: oa.dateTime,
});

const printedParty = oa.object({
  name: oa.string,
  address: { type: 'array', items: oa.string, description: 'Street, ZIP and city, country: the lines as printed' },
  taxId: oa.nullableString,
  vatId: oa.nullableString,
});

/** What a document costs and how much of it is paid, as its record and its public page show it. */
const amounts: Record<string, oa.Schema> = {
  currency: oa.string,
  items: { type: 'array', items: documentItem },
  subtotal: oa.decimalString,
  vatTotal: oa.decimalString,
  total: oa.decimalString,
  paidAmount: oa.decimalString,
  creditedAmount: { ...oa.decimalString, description: 'The signed sum of the credit notes correcting the document' },
  remainingAmount: { ...oa.decimalString, description: 'total + creditedAmount − paidAmount, never below zero' },
};

const vatRateRow = oa.object({
  vatRate: oa.decimalString,
  subtotal: oa.decimalString,
  vatTotal: oa.decimalString,
  total: oa.decimalString,
});
const nullableDecimal = { type: ['string', 'null'], pattern: oa.decimalString.pattern };

const reverseCharge: oa.Schema = {
  description:
    'Reverse charge: the customer accounts for the VAT and the document charges none (each line keeps its rate, VAT 0). DOMESTIC: § 92a ZDPH with the supply’s code (control statement A.1); EU_GOODS: intra-Community supply of goods (§ 64); EU_SERVICES: a service taxed in the customer’s member state. null: none',
  oneOf: [
    { type: 'null' },
    oa.object({
      regime: { type: 'string', enum: ['DOMESTIC'] },
      code: { type: 'string', enum: Object.keys(DOMESTIC_CODES), description: 'Kód předmětu plnění' },
    }),
    oa.object({ regime: { type: 'string', enum: ['EU_GOODS', 'EU_SERVICES'] } }),
  ],
};
const advanceRef = oa.object({
  id: oa.uuid,
  number: oa.string,
  amount: oa.decimalString,
  paymentId: { ...nullableUuid, description: 'The bank payment it was issued for (a proforma’s list only)' },
});

const document = oa.object({
  id: oa.uuid,
  type: documentType,
  status: documentStatus,
  allowedTransitions: {
    type: 'array',
    items: documentStatus,
    description: 'The statuses POST /transition accepts now',
  },
  number: { ...oa.string, description: 'From the numbering series of the type: its mask filled for the issue date' },
  variableSymbol: { ...oa.nullableString, description: 'Defaults to the last up to 10 digits of number' },
  contactId: nullableUuid,
  clientName: oa.nullableString,
  departmentId: nullableUuid,
  ...amounts,
  tags: { type: 'array', items: oa.string },
  customFields: {
    type: 'object',
    additionalProperties: oa.string,
    description: 'The company’s own fields: string keys and values',
  },
  note: oa.nullableString,
  language: {
    type: ['string', 'null'],
    enum: [...DOCUMENT_LANGUAGES, null],
    description:
      "The language of its PDF, public page and e-mail, fixed at creation (given, else the contact's, else the company's); null: the company's",
  },
  issuedAt: oa.dateTime,
  dueAt: oa.dateTime,
  taxableSupplyDate: { ...oa.dateTime, description: 'DUZP, the taxable supply date; the issue date unless set' },
  exchangeRate: {
    ...nullableDecimal,
    description:
      'CZK per 1 unit of currency: the ČNB fixing valid on the taxable supply date (the last published on or before it) unless given; 1 for CZK; null on a foreign-currency document made before rates were kept',
  },
  subtotalCzk: { ...nullableDecimal, description: 'subtotal in CZK (per VAT rate converted and rounded, then summed)' },
  vatTotalCzk: { ...nullableDecimal, description: 'vatTotal in CZK: what the VAT report counts' },
  totalCzk: { ...nullableDecimal, description: 'total in CZK' },
  vatRatesCzk: {
    type: ['array', 'null'],
    description: 'Per VAT rate in CZK, highest first',
    items: vatRateRow,
  },
  sentAt: { type: ['string', 'null'], format: 'date-time' },
  paidAt: { type: ['string', 'null'], format: 'date-time' },
  cancelledAt: { type: ['string', 'null'], format: 'date-time' },
  publicUrl: {
    ...oa.string,
    format: 'uri',
    description: 'Public link for the customer (GET /public/documents/{token})',
  },
  posDeviceId: { ...nullableUuid, description: 'The register that issued it; null unless issued under /api/pos' },
  posDocumentKind: {
    type: ['string', 'null'],
    enum: ['SIMPLIFIED', 'TAX_DOCUMENT', 'INVOICE', 'SALE_RECEIPT', null],
    description: 'POS receipts and invoices only',
  },
  correctedDocumentId: { ...nullableUuid, description: 'A credit note: the document it corrects' },
  correctedDocumentNumber: {
    ...oa.nullableString,
    description: 'A credit note: the number of the document it corrects',
  },
  creditNoteReason: { ...oa.nullableString, description: 'A credit note: the reason for the correction' },
  reverseCharge,
  creditNotes: {
    type: 'array',
    items: oa.object({ id: oa.uuid, number: oa.string }),
    description: 'The credit notes correcting the document, oldest first (POST /documents/{id}/credit-note)',
  },
  proformaId: { ...nullableUuid, description: 'An advance tax document or a final invoice: its proforma' },
  proformaNumber: {
    ...oa.nullableString,
    description: 'An advance tax document or a final invoice: its proforma’s number',
  },
  advanceDocuments: {
    type: 'array',
    items: advanceRef,
    description: 'A proforma: its advance tax documents (ADVANCE_TAX_DOCUMENT), one per payment received, oldest first',
  },
  finalInvoiceId: {
    ...nullableUuid,
    description: 'A proforma: its final invoice (POST /documents/{id}/final-invoice)',
  },
  settledAdvances: {
    type: 'array',
    items: advanceRef,
    description:
      'A final invoice: the advances its deduction lines take off (advance tax documents; the proforma for what none taxed)',
  },
  version: {
    type: ['integer', 'null'],
    minimum: 1,
    description: 'The number of the content’s current version (GET /documents/{id}/versions); null for a draft',
  },
  convertibleTo: {
    type: 'array',
    items: documentType,
    description: 'The types POST /documents/{id}/convert makes of it now',
  },
  sourceDocumentId: {
    ...nullableUuid,
    description: 'The document this one was converted from (POST /documents/{id}/convert)',
  },
  recurringSeriesId: {
    ...nullableUuid,
    description: 'The recurring series that generated this document',
  },
  derivedDocumentIds: {
    type: 'array',
    items: oa.uuid,
    description: 'The documents converted from this one, oldest first',
  },
  validUntil: { ...nullableDateTime, description: 'A QUOTE: the last Czech day on which it can be accepted' },
  answeredAt: { ...nullableDateTime, description: 'A QUOTE: when the customer answered it on its public page' },
  answeredIp: { ...oa.nullableString, description: 'A QUOTE: the IP address the customer answered from' },
  answerNote: { ...oa.nullableString, description: 'A QUOTE: the customer’s note with the answer' },
  createdAt: oa.dateTime,
  updatedAt: oa.dateTime,
});

const documentVersion = oa.object({
  version: { type: 'integer', minimum: 1 },
  userId: {
    ...nullableUuid,
    description: 'The person who made the change (version 1: who issued the document); null when no person did',
  },
  at: oa.dateTime,
  content: oa.object({
    type: documentType,
    status: { ...documentStatus, description: 'The status when this version was made' },
    number: oa.string,
    variableSymbol: oa.nullableString,
    contactId: nullableUuid,
    clientName: oa.nullableString,
    customer: { ...printedParty, description: 'The customer as this version prints it' },
    ...amounts,
    note: oa.nullableString,
    issuedAt: oa.dateTime,
    dueAt: oa.dateTime,
    taxableSupplyDate: { ...oa.dateTime, description: 'DUZP; the issue date unless set' },
  }),
});

const totalsPreview = oa.object({
  items: { type: 'array', items: documentItem },
  vatRates: {
    type: 'array',
    description: 'Per VAT rate, highest first: the recapitulation a tax document prints',
    items: vatRateRow,
  },
  subtotal: oa.decimalString,
  vatTotal: oa.decimalString,
  total: oa.decimalString,
});

const matrix = Object.entries(ALLOWED_TRANSITIONS)
  .map(([from, to]) => `${from} → ${to.length ? to.join(', ') : '(none)'}`)
  .join('; ');

/**
 * The series this service publishes: those the documents module registers (one per document type),
 * then COST, which the costs module registers. A module that adds a public series adds it here too.
 */
const DESCRIBED_SERIES = [...DOCUMENT_TYPES, 'COST'] as const;

const series = oa.object({
  documentType: {
    type: 'string',
    enum: [...DESCRIBED_SERIES],
    description: 'A document type, or COST for received costs',
  },
  format: { ...oa.string, description: 'The mask, e.g. FV{YYYY}-{NNNN}' },
  restart: { type: 'string', enum: [...RESTARTS], description: 'YEARLY: the counter restarts each Prague year' },
  prefix: { ...oa.string, description: 'The mask before its counter token' },
  padding: { ...oa.integer, description: 'The counter’s width' },
  nextNumber: { ...oa.integer, description: 'The counter of the current period' },
  preview: { ...oa.string, description: 'The number a document issued now gets' },
});
const seriesList = oa.object({ series: { type: 'array', items: series } });

const publicDocument = oa.object({
  type: documentType,
  number: oa.string,
  status: documentStatus,
  supplier: oa.object({ name: oa.string }),
  clientName: oa.nullableString,
  ...amounts,
  variableSymbol: oa.nullableString,
  issuedAt: oa.dateTime,
  dueAt: oa.dateTime,
  validUntil: { ...nullableDateTime, description: 'A QUOTE: the last Czech day on which it can be accepted' },
  answeredAt: { ...nullableDateTime, description: 'A QUOTE: when the customer accepted or declined it' },
});

const conversionPairs = Object.entries(CONVERSIONS)
  .map(([from, to]) => `${from} → ${to.join(' | ')}`)
  .join(', ');

/** The token of a document's public link, as the page's forms post to it. */
const publicToken = oa.pathParameter('token', 'Token from the document’s publicUrl', {
  ...oa.string,
  pattern: '^fpd_[0-9a-f]{64}$',
  maxLength: 68,
});

/** The public link also answers the page (text/html) and the PDF. */
function withFormats(op: Record<string, unknown>): Record<string, unknown> {
  const ok = (op.responses as Record<string, { content: Record<string, unknown> }>)['200'];
  ok.content['text/html'] = { schema: { type: 'string' } };
  ok.content['application/pdf'] = { schema: { type: 'string', format: 'binary' } };
  return op;
}

export const documentsOpenApi: oa.PathItems = {
  ...documentEmailsOpenApi,
  '/api/v1/documents': {
    post: oa.operation({
      operationId: 'createDocument',
      summary: 'Create a document (numbered from its series)',
      description:
        'Takes the next number of the type’s series in the same transaction (consecutive, no gaps, safe under concurrency). Records document.created; created as PAID also document.paid. With reverseCharge the lines carry no VAT (a gross price is 400 naming items[i].priceIncludesVat) and the contact needs a VAT id of the regime’s format (a Czech DIČ for DOMESTIC, another member state’s for EU_*), else 400 naming reverseCharge.',
      tags,
      access: WRITE,
      body: createDocumentInput,
      ok: { status: '201', description: 'The new document', schema: document },
      errors: ['400'],
    }),
    get: oa.operation({
      operationId: 'listDocuments',
      summary: 'List documents, oldest first',
      description:
        'Ordered by creation, oldest first; with `from` or `to`, by issue date (then id), oldest first; `sort` chooses (createdAt, -createdAt, issuedAt, -issuedAt). `search` matches a case-insensitive substring of the number, the variable symbol or the client name.',
      tags,
      access: READ,
      parameters: oa.queryParameters(listDocumentsQuery, {
        type: 'Only this type',
        status: 'Only this status',
        contactId: 'Only documents of this contact',
        tag: 'Only documents carrying this tag',
        from: 'issuedAt on or after this Czech date',
        to: 'issuedAt on or before this Czech date',
        search: 'Case-insensitive substring of the number, the variable symbol or the client name',
        unpaid: 'true: only documents waiting for payment (ISSUED or SENT)',
        dueBefore: 'Only documents due before this Czech date (with unpaid=true and today: the overdue ones)',
      }),
      ok: { description: 'A page of documents', schema: oa.pageOf(document) },
      errors: ['400', '404'],
    }),
  },
  '/api/v1/documents/totals-preview': {
    post: oa.operation({
      operationId: 'previewDocumentTotals',
      summary: 'Compute the totals of document lines without storing anything',
      description:
        'The same per-line rounding and per-rate sums as creating or changing a document: what a form shows while a person types.',
      tags,
      access: READ,
      body: totalsPreviewInput,
      ok: { description: 'The computed lines, the VAT recapitulation and the totals', schema: totalsPreview },
      errors: ['400'],
    }),
  },
  '/api/v1/documents/{id}': {
    get: oa.operation({
      operationId: 'getDocument',
      summary: 'Read a document',
      tags,
      access: READ,
      parameters: [oa.idParameter],
      ok: { description: 'The document with the reminders sent', schema: withReminders(document) },
      errors: ['404'],
    }),
    patch: oa.operation({
      operationId: 'updateDocument',
      summary: 'Change items, amounts, customer, dates or tags',
      description:
        'Records document.updated. A change of an issued document’s content (items, amounts, customer, dates, ...) makes a new version (GET /documents/{id}/versions); version 1 is the content as issued. Content changes only in DRAFT, ISSUED and SENT, and only in DRAFT when the company locks issued documents (settings lockIssuedDocuments): otherwise 409 DOCUMENT_LOCKED — correct with a credit note.',
      tags,
      access: WRITE,
      parameters: [oa.idParameter],
      body: updateDocumentInput,
      ok: { description: 'The changed document', schema: document },
      errors: ['400', '404', '409'],
    }),
    delete: oa.operation({
      operationId: 'deleteDocument',
      summary: 'Delete a draft',
      description:
        'Only DRAFT documents (else 409 DOCUMENT_NOT_DRAFT). Records document.deleted with the last known state. Deleting the newest draft of a series gives its number back.',
      tags,
      access: WRITE,
      parameters: [oa.idParameter],
      ok: { status: '204', description: 'Deleted' },
      errors: ['404', '409'],
    }),
  },
  '/api/v1/documents/{id}/transition': {
    post: oa.operation({
      operationId: 'transitionDocument',
      summary: 'Change the status',
      description: `Allowed transitions: ${matrix}. PAID only for INVOICE, PROFORMA and CREDIT_NOTE; PAID → ISSUED removes the automatically computed payment and is refused when a bank payment covers the document. Anything else: 409 TRANSITION_NOT_ALLOWED naming from and to. Records document.status_changed, plus document.paid (to PAID) or document.archived with previousStatus (to ARCHIVED).`,
      tags,
      access: WRITE,
      parameters: [oa.idParameter],
      body: transitionInput,
      ok: { description: 'The document in its new status', schema: document },
      errors: ['400', '404', '409'],
    }),
  },
  '/api/v1/documents/{id}/credit-note': {
    post: oa.operation({
      operationId: 'createCreditNote',
      summary: 'Issue a credit note (opravný daňový doklad, § 45 ZDPH) of an invoice',
      description:
        'On an ISSUED, SENT or PAID invoice (else 409 DOCUMENT_NOT_CORRECTABLE): an ISSUED CREDIT_NOTE numbered from its own series, with the invoice’s customer and currency, correctedDocumentId, correctedDocumentNumber and creditNoteReason. Its items are the differences, each at one of the invoice’s VAT rates (another rate: 400 naming it); it may not credit more than the invoice still asks for (400). The VAT report counts it in the month of its taxableSupplyDate (default issuedAt). The invoice’s creditedAmount and remainingAmount follow (an invoice paid enough becomes PAID). Records document.created for the credit note and document.updated for the invoice.',
      tags,
      access: WRITE,
      parameters: [oa.idParameter],
      body: creditNoteInput,
      ok: { status: '201', description: 'The new credit note', schema: document },
      errors: ['400', '404', '409'],
    }),
  },
  '/api/v1/documents/{id}/final-invoice': {
    post: oa.operation({
      operationId: 'createFinalInvoice',
      summary: 'Settle a proforma by its final invoice (vyúčtování záloh)',
      description:
        'On an ISSUED, SENT or PAID PROFORMA that has received a payment (else 409 PROFORMA_NOT_SETTLEABLE; a second one: 409 PROFORMA_SETTLED): an INVOICE from the INVOICE series with the proforma’s customer, currency and lines, plus deduction lines — for each advance tax document its lines negated ("Odpočet zálohy ZD…", the same base and VAT at each rate), and for what the proforma received beyond them one line without VAT ("Uhrazeno zálohou ZF…") — so its VAT is what the advances did not tax and its total what is left to pay (PAID at once when nothing is). It lists them in settledAdvances and points at the proforma (proformaId); the proforma gets finalInvoiceId, and one not paid in full is ARCHIVED (the invoice asks for the rest). Its payments can no longer be unmatched. Records document.created (and document.paid) for the invoice, document.updated for the proforma.',
      tags,
      access: WRITE,
      parameters: [oa.idParameter],
      body: finalInvoiceInput,
      ok: { status: '201', description: 'The final invoice', schema: document },
      errors: ['400', '404', '409'],
    }),
  },
  '/api/v1/documents/{id}/convert': {
    post: oa.operation({
      operationId: 'convertDocument',
      summary: 'Make a document of another type from this one (a quote becomes an order, an order an invoice, …)',
      description: `Allowed: ${conversionPairs}; from a source that is ${CONVERTIBLE_STATUSES.join(', ')} (a draft is issued first; a cancelled, declined or archived one is closed). Anything else: 409 DOCUMENT_NOT_CONVERTIBLE. The new document has the source’s contact, customer, department, currency, items and note, is dated today (due in 14 days) and numbered from its own type’s series; a DRAFT, or ISSUED with \`issue: true\`. PROFORMA → INVOICE here is a plain copy (the final invoice settling advances is POST /documents/{id}/final-invoice). Links both ways: the new document’s sourceDocumentId, the source’s derivedDocumentIds. Records document.created for the new document and document.updated for the source.`,
      tags,
      access: WRITE,
      parameters: [oa.idParameter],
      body: convertInput,
      ok: { status: '201', description: 'The new document', schema: document },
      errors: ['400', '404', '409'],
    }),
  },
  '/api/v1/documents/{id}/send-email': {
    post: oa.operation({
      operationId: 'sendDocumentEmail',
      summary: 'E-mail the document to the customer',
      description:
        'ISSUED, SENT or PAID documents (else 409 DOCUMENT_NOT_SENDABLE). The recipient defaults to the contact’s e-mail. The e-mail is the company’s template (GET /email-templates) in the document’s language — QUOTE for a quote, DOCUMENT for any other — as HTML with a text alternative, the payment QR inline where something is to pay and the PDF attached; subject and message replace the template’s subject and text. ISSUED becomes SENT, PAID stays PAID. Records document.sent (status SENT, sentTo, subject, emailType QUOTE for a quote, else DOCUMENT). The answer waits for the mail server: 200 once it accepted the message; its failure (or timeout) is 502 MAIL_FAILED and changes nothing.',
      tags,
      access: WRITE,
      parameters: [oa.idParameter],
      body: sendEmailInput,
      ok: { description: 'The document after sending', schema: document },
      errors: ['400', '404', '409'],
    }),
  },
  '/api/v1/settings/numbering': {
    get: oa.operation({
      operationId: 'getNumberingSeries',
      summary: 'Numbering series of every document type and of received costs',
      tags: ['Company settings'],
      access: { section: 'company_settings', access: 'read' },
      ok: {
        description: 'One series per document type, then COST (received costs, default prefix N)',
        schema: seriesList,
      },
    }),
    put: oa.operation({
      operationId: 'updateNumberingSeries',
      summary: 'Change the mask, restart or next number of series',
      description:
        'A number is the mask (`format`) filled for the issue date in Europe/Prague: `{YYYY}`, `{YY}` year, `{MM}` month, one `{N…N}` counter zero-padded to that many digits; literal text is letters, digits and _ . / -. At most 40 characters and 10 digits (the variable symbol is the number’s digits). `restart` YEARLY keeps a counter per year (the mask then needs a year token). `prefix`/`padding` change the text before the counter and its width (not together with `format`). `nextNumber` sets the counter of the current period. Numbers already taken are skipped when the counter reaches them.',
      tags: ['Company settings'],
      access: { section: 'company_settings', access: 'write' },
      body: numberingInput(DESCRIBED_SERIES),
      ok: { description: 'All series after the change', schema: seriesList },
      errors: ['400'],
    }),
  },
  '/api/v1/documents/{id}/history': {
    get: oa.operation({
      operationId: 'listDocumentHistory',
      summary: "A document's history, oldest first",
      description:
        'Every status change (fromStatus → toStatus) with the person who made it (userId; null for a payment, an automation or the system), and a register’s same-day cancellation (action POS_CANCEL, with its reason and posDeviceId).',
      tags,
      access: READ,
      parameters: [oa.idParameter, ...oa.queryParameters(paginationInput)],
      ok: { description: 'A page of history entries', schema: oa.pageOf(historyEntry) },
      errors: ['400', '404'],
    }),
  },
  '/api/v1/documents/{id}/pdf': {
    get: oa.operation({
      operationId: 'getDocumentPdf',
      summary: 'The document as a PDF (what the customer gets)',
      description:
        'Rendered once per version of the document, its customer and the company’s billing data and look, then kept: later downloads render nothing. An ORDER and a DELIVERY_NOTE print without payment details (no due date, variable symbol, account or QR code); `prices=false` prints a DELIVERY_NOTE without prices (drawn on every download; on another type 400). A POS device token gets 401.',
      tags,
      access: READ,
      parameters: [
        oa.idParameter,
        ...oa.queryParameters(pdfQuery, { prices: 'false: a DELIVERY_NOTE without prices' }),
      ],
      ok: { description: 'The PDF', schema: { type: 'string', format: 'binary' }, contentType: 'application/pdf' },
      errors: ['404'],
    }),
  },
  '/api/v1/documents/{id}/isdoc': {
    get: oa.operation({
      operationId: 'getDocumentIsdoc',
      summary: 'The document as an ISDOC 6.0.2 e-invoice',
      description:
        'ISDOC 6.0.2 (valid against isdoc-invoice-6.0.2.xsd), downloaded as `<number>.isdoc`: DocumentType 1 for an INVOICE, 2 for a CREDIT_NOTE lowering the amount (its amounts stated positive, with OriginalDocumentReference to the corrected invoice; one raising it is 3), 4 PROFORMA, 5 ADVANCE_TAX_DOCUMENT (its total as PaidDepositsAmount, nothing payable), 7 a register’s SIMPLIFIED receipt (anonymous customer). UUID is the document’s id. Amounts in CZK; a foreign-currency document adds ForeignCurrencyCode, CurrRate (its exchange rate, CZK per RefCurrRate 1) and each amount in its currency (…Curr), the CZK ones as the document keeps them. Payment by transfer to the company’s IBAN (account number, bank code and BIC of Czech banks) with the variable symbol. Domestic reverse charge: LocalReverseCharge with the § 92a code on each line. A QUOTE, ORDER or DELIVERY_NOTE: 409 DOCUMENT_NOT_PAYABLE. The PDF of such a document embeds the same file (ISDOC.PDF).',
      tags,
      access: READ,
      parameters: [oa.idParameter],
      ok: { description: 'The ISDOC XML', schema: { type: 'string' }, contentType: 'application/xml' },
      errors: ['404', '409'],
    }),
  },
  '/api/v1/documents/{id}/ubl': {
    get: oa.operation({
      operationId: 'getDocumentUbl',
      summary: 'The document as a UBL 2.1 e-invoice (EN 16931)',
      description:
        'A UBL 2.1 Invoice, or a CreditNote for a CREDIT_NOTE lowering the amount (amounts positive, BillingReference to the corrected invoice), following the EN 16931 core (CustomizationID urn:cen.eu:en16931:2017); downloaded as `<number>.xml`. InvoiceTypeCode 380 invoice, 381 credit note, 384 a correction raising the amount, 386 PROFORMA and ADVANCE_TAX_DOCUMENT (its total prepaid). VAT per category and rate: S, Z (0 %), AE (reverse charge), K (intra-Community supply of goods), E or O (the company is no VAT payer). A foreign-currency document states its VAT in CZK too (TaxCurrencyCode). Payment means 58 (SEPA, EUR) or 30 with the company’s IBAN and the variable symbol as PaymentID. A QUOTE, ORDER or DELIVERY_NOTE: 409 DOCUMENT_NOT_PAYABLE.',
      tags,
      access: READ,
      parameters: [oa.idParameter],
      ok: { description: 'The UBL XML', schema: { type: 'string' }, contentType: 'application/xml' },
      errors: ['404', '409'],
    }),
  },
  '/api/v1/documents/{id}/versions': {
    get: oa.operation({
      operationId: 'listDocumentVersions',
      summary: "The versions of a document's content, oldest first",
      description:
        'From issue on every change of the content (items, amounts, customer, dates, ...) is a version: who made it, when, and the full content. Version 1 is the content as issued (by the person of the DRAFT → ISSUED change, or nobody for a document created issued); status changes are not versions. A draft has none.',
      tags,
      access: READ,
      parameters: [oa.idParameter, ...oa.queryParameters(paginationInput)],
      ok: { description: 'A page of versions', schema: oa.pageOf(documentVersion) },
      errors: ['400', '404'],
    }),
  },
  '/api/v1/documents/{id}/versions/{n}/pdf': {
    get: oa.operation({
      operationId: 'getDocumentVersionPdf',
      summary: 'One version of the document as a PDF',
      description:
        'The content of version n as it was, printed with the company’s current billing data and look. A version the document does not have: 404.',
      tags,
      access: READ,
      parameters: [
        oa.idParameter,
        oa.pathParameter('n', 'The version number (1 = as issued)', { type: 'integer', minimum: 1 }),
      ],
      ok: { description: 'The PDF', schema: { type: 'string', format: 'binary' }, contentType: 'application/pdf' },
      errors: ['404'],
    }),
  },
  '/public/documents/{token}': {
    get: withFormats(
      oa.operation({
        operationId: 'viewPublicDocument',
        summary: 'The customer’s view of a document by its public link',
        description:
          'No credential: the token in the link is the capability. A browser (Accept: text/html) gets the printed page with the QR payment code (alt "QR platba", the SPAYD string in data-spayd); `{token}.pdf` or `?format=pdf` the PDF; anything else this JSON record. Drafts are not shown. Every view, in any format, records document.viewed with viewedAt.',
        tags,
        access: { public: true },
        parameters: [
          oa.pathParameter('token', 'Token from the document’s publicUrl, optionally followed by .pdf', {
            ...oa.string,
            pattern: '^fpd_[0-9a-f]{64}(\\.pdf)?$',
            maxLength: 72,
          }),
          {
            name: 'format',
            in: 'query',
            required: false,
            description: 'pdf: answer the PDF',
            schema: { type: 'string', enum: ['pdf'] },
          },
        ],
        ok: { description: 'The printed content of the document', schema: publicDocument },
        errors: ['404'],
      }),
    ),
  },
  '/public/documents/{token}/answer': {
    post: oa.operation({
      operationId: 'answerPublicQuote',
      summary: 'The customer accepts or declines a quote by its public link',
      description:
        'No credential: the token is the capability. An ISSUED or SENT QUOTE becomes ACCEPTED or DECLINED, once (else 409 QUOTE_NOT_ANSWERABLE), recording answeredAt, the client’s IP and the note (at most 1000 characters). Past its validUntil (a Czech day, inclusive) it is not accepted (409 QUOTE_EXPIRED) but can be declined. Records document.status_changed (automations react). The page’s form (application/x-www-form-urlencoded) is answered 303 back to the page; JSON gets the record.',
      tags,
      access: { public: true },
      parameters: [publicToken],
      body: quoteAnswerInput,
      ok: { description: 'The quote as the customer sees it now', schema: publicDocument },
      errors: ['400', '404', '409'],
    }),
  },
  '/public/documents/{token}/pay': {
    post: oa.operation({
      operationId: 'payPublicDocument',
      summary: 'The customer pays an invoice online (the page’s “Zaplatit online”)',
      description:
        'No credential: the token is the capability. When the company has connected a payment gateway and the ISSUED or SENT invoice or proforma has an amount remaining, sends the browser (303) to the gateway’s payment page (Stripe Checkout) for that remaining amount; a client asking for JSON gets its url. Idempotent per document and amount: while the payment page for this amount is open, every click is sent to the same one. 409 ONLINE_PAYMENT_UNAVAILABLE when the document cannot be paid online (paid, no gateway); 502 PAYMENT_GATEWAY_FAILED when the gateway refused or did not answer.',
      tags,
      access: { public: true },
      parameters: [publicToken],
      ok: {
        description: 'A client asking for JSON (Accept): the gateway’s payment page',
        schema: oa.object({ url: { ...oa.string, format: 'uri' } }),
      },
      errors: ['404', '409'],
      otherResponses: {
        '303': {
          description: 'A browser (the page’s form): to the gateway’s payment page',
          headers: { Location: { schema: { type: 'string', format: 'uri' } } },
        },
        '502': {
          description: 'PAYMENT_GATEWAY_FAILED: the gateway refused or did not answer',
          content: { 'application/json': { schema: oa.schemaRef('Error') } },
        },
      },
    }),
  },
};
