import {
  boolean,
  dateTime,
  decimalString,
  idParameter,
  integer,
  nullableString,
  object,
  operation,
  pageOf,
  pageParameters,
  pathParameter,
  queryParameter,
  string,
  uuid,
  type PathItems,
  type Schema,
} from '../openapi/openapi.builders';
import { ALLOWED_TRANSITIONS } from './document-status';
import { DOCUMENT_STATUSES, DOCUMENT_TYPES } from './document.types';

const READ = { section: 'documents', access: 'read' } as const;
const WRITE = { section: 'documents', access: 'write' } as const;
const tags = ['Documents'];
const documentType: Schema = { type: 'string', enum: [...DOCUMENT_TYPES] };
const documentStatus: Schema = { type: 'string', enum: [...DOCUMENT_STATUSES] };
const number: Schema = { type: 'number' };
const instant: Schema = { type: 'string', description: 'ISO 8601 instant, or YYYY-MM-DD = midnight of that Czech (Europe/Prague) day' };
const nullableUuid: Schema = { type: ['string', 'null'], format: 'uuid' };

const itemInput = object(
  {
    name: { ...string, minLength: 1, maxLength: 500 },
    quantity: { oneOf: [number, decimalString], description: 'Non-zero, at most 4 decimals' },
    unit: { ...string, default: 'ks' },
    unitPrice: { oneOf: [number, decimalString], description: 'At most 4 decimals; negative for a discount line' },
    vatRate: { oneOf: [number, decimalString], description: 'Percent, 0–99.99 (Czech rates 21, 12, 0)' },
    priceIncludesVat: { ...boolean, default: false, description: 'true: unitPrice is gross and VAT is carved out of it' },
  },
  ['name', 'quantity', 'unitPrice', 'vatRate'],
);

const item = object({
  name: string,
  quantity: number,
  unit: string,
  unitPrice: number,
  vatRate: number,
  priceIncludesVat: boolean,
  base: { ...decimalString, description: 'round2(quantity × unitPrice), net of VAT' },
  vat: { ...decimalString, description: 'round2(base × rate / 100), or round2(gross × rate / (100 + rate)) for gross prices' },
  total: { ...decimalString, description: 'base + vat' },
});

const document = object({
  id: uuid,
  type: documentType,
  status: documentStatus,
  number: { ...string, description: 'From the numbering series of the type: prefix + zero-padded counter' },
  variableSymbol: { ...nullableString, description: 'Defaults to the last up to 10 digits of number' },
  contactId: nullableUuid,
  clientName: nullableString,
  departmentId: nullableUuid,
  currency: string,
  items: { type: 'array', items: item },
  subtotal: decimalString,
  vatTotal: decimalString,
  total: decimalString,
  paidAmount: decimalString,
  remainingAmount: decimalString,
  tags: { type: 'array', items: string },
  note: nullableString,
  issuedAt: dateTime,
  dueAt: dateTime,
  sentAt: { type: ['string', 'null'], format: 'date-time' },
  paidAt: { type: ['string', 'null'], format: 'date-time' },
  cancelledAt: { type: ['string', 'null'], format: 'date-time' },
  publicUrl: { ...string, format: 'uri', description: 'Public link for the customer (GET /public/documents/{token})' },
  createdAt: dateTime,
  updatedAt: dateTime,
});

const editable: Record<string, Schema> = {
  contactId: { ...nullableUuid, description: 'A contact of this organization; clientName defaults to its name' },
  clientName: nullableString,
  departmentId: { ...nullableUuid, description: 'Callers limited to departments must pick one of theirs (default: their first)' },
  currency: { ...string, pattern: '^[A-Z]{3}$', default: 'CZK' },
  items: { type: 'array', minItems: 1, maxItems: 500, items: itemInput },
  tags: { type: 'array', maxItems: 50, items: { ...string, minLength: 1, maxLength: 50 } },
  issuedAt: { ...instant, description: `${instant.description}; default now` },
  dueAt: { ...instant, description: `${instant.description}; default issuedAt + 14 days; not before issuedAt` },
  variableSymbol: { type: ['string', 'null'], pattern: '^\\d{1,10}$' },
  note: nullableString,
};

const createDocument = object(
  { type: documentType, status: { type: 'string', enum: ['DRAFT', 'ISSUED', 'PAID'], default: 'DRAFT', description: 'PAID = created already paid' }, ...editable },
  ['type', 'items'],
);
const updateDocument = object(editable, [], {
  description: 'Only the fields sent change. Content changes only in DRAFT, ISSUED and SENT (else 409 DOCUMENT_LOCKED); tags change in any status.',
});

const matrix = Object.entries(ALLOWED_TRANSITIONS)
  .map(([from, to]) => `${from} → ${to.length ? to.join(', ') : '(none)'}`)
  .join('; ');

const series = object({ documentType, prefix: string, padding: integer, nextNumber: integer, preview: { ...string, description: 'The next number' } });
const seriesList = object({ series: { type: 'array', items: series } });

const publicDocument = object({
  type: documentType,
  number: string,
  status: documentStatus,
  supplier: object({ name: string }),
  clientName: nullableString,
  currency: string,
  items: { type: 'array', items: item },
  subtotal: decimalString,
  vatTotal: decimalString,
  total: decimalString,
  paidAmount: decimalString,
  remainingAmount: decimalString,
  variableSymbol: nullableString,
  issuedAt: dateTime,
  dueAt: dateTime,
});

export const documentsOpenApi: PathItems = {
  '/api/v1/documents': {
    post: operation({
      operationId: 'createDocument',
      summary: 'Create a document (numbered from its series)',
      description:
        'Takes the next number of the type’s series in the same transaction (consecutive, no gaps, safe under concurrency). Records document.created; created as PAID also document.paid.',
      tags,
      access: WRITE,
      body: createDocument,
      ok: { status: '201', description: 'The new document', schema: document },
      errors: ['400'],
    }),
    get: operation({
      operationId: 'listDocuments',
      summary: 'List documents, oldest first',
      tags,
      access: READ,
      parameters: [
        ...pageParameters,
        queryParameter('type', documentType, 'Only this type'),
        queryParameter('status', documentStatus, 'Only this status'),
        queryParameter('contactId', uuid, 'Only documents of this contact'),
        queryParameter('tag', string, 'Only documents carrying this tag'),
        queryParameter('from', { ...string, format: 'date' }, 'issuedAt on or after this Czech date'),
        queryParameter('to', { ...string, format: 'date' }, 'issuedAt on or before this Czech date'),
      ],
      ok: { description: 'A page of documents', schema: pageOf(document) },
      errors: ['400'],
    }),
  },
  '/api/v1/documents/{id}': {
    get: operation({ operationId: 'getDocument', summary: 'Read a document', tags, access: READ, parameters: [idParameter], ok: { description: 'The document', schema: document }, errors: ['404'] }),
    patch: operation({
      operationId: 'updateDocument',
      summary: 'Change items, amounts, customer, dates or tags',
      description: 'Records document.updated.',
      tags,
      access: WRITE,
      parameters: [idParameter],
      body: updateDocument,
      ok: { description: 'The changed document', schema: document },
      errors: ['400', '404', '409'],
    }),
    delete: operation({
      operationId: 'deleteDocument',
      summary: 'Delete a draft',
      description: 'Only DRAFT documents (else 409 DOCUMENT_NOT_DRAFT). Records document.deleted with the last known state. Deleting the newest draft of a series gives its number back.',
      tags,
      access: WRITE,
      parameters: [idParameter],
      ok: { status: '204', description: 'Deleted' },
      errors: ['404', '409'],
    }),
  },
  '/api/v1/documents/{id}/transition': {
    post: operation({
      operationId: 'transitionDocument',
      summary: 'Change the status',
      description: `Allowed transitions: ${matrix}. PAID only for INVOICE, PROFORMA and CREDIT_NOTE; PAID → ISSUED removes the automatically computed payment and is refused when a bank payment covers the document. Anything else: 409 TRANSITION_NOT_ALLOWED naming from and to. Records document.status_changed, plus document.paid (to PAID) or document.archived with previousStatus (to ARCHIVED).`,
      tags,
      access: WRITE,
      parameters: [idParameter],
      body: object({ status: documentStatus }),
      ok: { description: 'The document in its new status', schema: document },
      errors: ['400', '404', '409'],
    }),
  },
  '/api/v1/documents/{id}/send-email': {
    post: operation({
      operationId: 'sendDocumentEmail',
      summary: 'E-mail the document to the customer',
      description:
        'ISSUED, SENT or PAID documents (else 409 DOCUMENT_NOT_SENDABLE). The recipient defaults to the contact’s e-mail. ISSUED becomes SENT, PAID stays PAID. Records document.sent (status SENT, sentTo, subject, emailType DOCUMENT). A mail server failure is 502 MAIL_FAILED and changes nothing.',
      tags,
      access: WRITE,
      parameters: [idParameter],
      body: object({ to: { ...string, format: 'email' }, subject: { ...string, maxLength: 300 }, message: { ...string, description: 'Opening text of the e-mail' } }, []),
      ok: { description: 'The document after sending', schema: document },
      errors: ['400', '404', '409'],
    }),
  },
  '/api/v1/settings/numbering': {
    get: operation({
      operationId: 'getNumberingSeries',
      summary: 'Numbering series of every document type',
      tags: ['Company settings'],
      access: { section: 'company_settings', access: 'read' },
      ok: { description: 'One series per document type', schema: seriesList },
    }),
    put: operation({
      operationId: 'updateNumberingSeries',
      summary: 'Change prefix, padding or next number of series',
      description: 'number = prefix + counter zero-padded to `padding` digits. Numbers already taken are skipped when the counter reaches them.',
      tags: ['Company settings'],
      access: { section: 'company_settings', access: 'write' },
      body: object({
        series: {
          type: 'array',
          minItems: 1,
          items: object(
            { documentType, prefix: { ...string, maxLength: 20, pattern: '^[A-Za-z0-9_./-]*$' }, padding: { ...integer, minimum: 1, maximum: 12 }, nextNumber: { ...integer, minimum: 1 } },
            ['documentType'],
          ),
        },
      }),
      ok: { description: 'All series after the change', schema: seriesList },
      errors: ['400'],
    }),
  },
  '/public/documents/{token}': {
    get: operation({
      operationId: 'viewPublicDocument',
      summary: 'The customer’s view of a document by its public link',
      description: 'No credential: the token in the link is the capability. Drafts are not shown. Every view records document.viewed with viewedAt.',
      tags,
      access: { public: true },
      parameters: [pathParameter('token', 'Token from the document’s publicUrl', { ...string, pattern: '^fpd_[0-9a-f]{64}$' })],
      ok: { description: 'The printed content of the document', schema: publicDocument },
      errors: ['404'],
    }),
  },
};
