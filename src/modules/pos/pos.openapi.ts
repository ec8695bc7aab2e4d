import * as oa from '../../core/openapi/builders';
import { createPosDeviceInput, updatePosDeviceInput } from './pos-devices.service';
import {
  batchDocumentsInput,
  cancelInput,
  creditNoteInput,
  IDEMPOTENCY_KEY_MAX,
  issueDocumentInput,
} from './pos.inputs';
import { DEVICE, DEVICE_MANAGERS } from './pos.routes';

const nullableDateTime: oa.Schema = { type: ['string', 'null'], format: 'date-time' };
const nullableUuid: oa.Schema = { type: ['string', 'null'], format: 'uuid' };

const device = oa.object({
  id: oa.uuid,
  name: oa.string,
  prefix: oa.string,
  createdAt: oa.dateTime,
  revokedAt: nullableDateTime,
  lastUsedAt: { ...nullableDateTime, description: 'Last authenticated request of the register, to a minute' },
});
const token: oa.Schema = {
  ...oa.string,
  pattern: '^pos_[0-9a-f]{64}$',
  description: 'Shown only in this response; only its SHA-256 is kept',
};
const managers = {
  tags: ['POS devices'],
  access: DEVICE_MANAGERS,
  description:
    'A person’s session: OWNER, or ADMIN with company_settings write. API keys and OAuth tokens are refused.',
};

const posDocument = oa.object({
  id: oa.uuid,
  number: oa.string,
  status: { type: 'string', enum: ['PAID', 'ISSUED', 'CANCELLED'] },
  posDeviceId: oa.uuid,
  posDocumentKind: { type: 'string', enum: ['SIMPLIFIED', 'TAX_DOCUMENT', 'INVOICE', 'SALE_RECEIPT'] },
  issuedAt: oa.dateTime,
  dueAt: oa.dateTime,
  paidAt: nullableDateTime,
  currency: { type: 'string', enum: ['CZK'] },
  subtotal: oa.decimalString,
  vatTotal: oa.decimalString,
  roundingAmount: oa.decimalString,
  total: { ...oa.decimalString, description: 'subtotal + vatTotal + roundingAmount' },
  clientName: oa.nullableString,
  paymentMethod: oa.nullableString,
  variableSymbol: { ...oa.nullableString, description: 'INVOICE: the last up to 10 digits of number' },
  createdAt: oa.dateTime,
});
const cancelled = oa.object({
  id: oa.uuid,
  number: oa.string,
  status: { type: 'string', enum: ['CANCELLED'] },
  posDeviceId: oa.uuid,
  issuedAt: oa.dateTime,
  canceledAt: oa.dateTime,
});
const creditNote = oa.object({
  id: oa.uuid,
  number: oa.string,
  status: { type: 'string', enum: ['ISSUED'] },
  correctedDocumentId: nullableUuid,
  creditNoteReason: oa.string,
  clientName: oa.nullableString,
  total: { ...oa.decimalString, description: 'May be negative' },
});
const envelope = (data: oa.Schema) => oa.object({ data, replayed: oa.boolean });

const keyHeader = {
  name: 'Idempotency-Key',
  in: 'header',
  required: true,
  description:
    'Chosen by the register, scoped to (device, operation). A repeated key answers 200 with the bound document (replayed true) without comparing the content; a key is bound only when the operation succeeds.',
  schema: { ...oa.string, minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX },
};
const pos = {
  tags: ['Point of sale'],
  access: DEVICE,
  parameters: [keyHeader],
};
const replay = (schema: oa.Schema) => ({
  '200': {
    description: 'A replay of a known Idempotency-Key: the bound record, replayed true',
    content: { 'application/json': { schema: envelope(schema) } },
  },
});

const batchResult = oa.object({
  index: oa.integer,
  status: { type: 'string', enum: ['CREATED', 'REPLAYED', 'ERROR'] },
  document: { anyOf: [posDocument, { type: 'null' }] },
  error: oa.nullableString,
  code: { ...oa.nullableString, description: 'ERROR: VALIDATION_FAILED or CONFLICT' },
  httpStatus: { type: ['integer', 'null'], description: 'ERROR: 400 or 409' },
});

export const posOpenApi: oa.PathItems = {
  '/api/v1/pos-devices': {
    get: oa.operation({
      ...managers,
      operationId: 'listPosDevices',
      summary: 'Registers of the company',
      parameters: oa.pageParameters,
      ok: { description: 'A page of devices (never their tokens)', schema: oa.pageOf(device) },
    }),
    post: oa.operation({
      ...managers,
      operationId: 'createPosDevice',
      summary: 'Register a cash register',
      body: createPosDeviceInput,
      ok: {
        status: '201',
        description: 'The device with its token, shown once',
        schema: oa.object({ id: oa.uuid, name: oa.string, prefix: oa.string, token }),
      },
    }),
  },
  '/api/v1/pos-devices/{id}': {
    patch: oa.operation({
      ...managers,
      operationId: 'updatePosDevice',
      summary: 'Rename or re-prefix a register',
      parameters: [oa.idParameter],
      body: updatePosDeviceInput,
      ok: { description: 'The device', schema: device },
      errors: ['404'],
    }),
  },
  '/api/v1/pos-devices/{id}/rotate-token': {
    post: oa.operation({
      ...managers,
      operationId: 'rotatePosDeviceToken',
      summary: 'Issue a new token; the old one is invalid at once',
      parameters: [oa.idParameter],
      ok: { description: 'The new token, shown once', schema: oa.object({ token }) },
      errors: ['404', '409'],
    }),
  },
  '/api/v1/pos-devices/{id}/revoke': {
    post: oa.operation({
      ...managers,
      operationId: 'revokePosDevice',
      summary: 'Revoke a register permanently',
      parameters: [oa.idParameter],
      ok: { description: 'The revoked device', schema: device },
      errors: ['404'],
    }),
  },
  '/api/pos/documents': {
    post: oa.operation({
      ...pos,
      operationId: 'issuePosDocument',
      summary: 'Issue a receipt or invoice',
      description:
        'Prices include VAT. A missing Idempotency-Key is 400 IDEMPOTENCY_KEY_REQUIRED before the body is read; validation stops at the first failed rule (400 VALIDATION_FAILED naming the field); a number already used by an invoice or receipt of the company is 409 CONFLICT.',
      body: issueDocumentInput,
      ok: { status: '201', description: 'Issued', schema: envelope(posDocument) },
      errors: ['409'],
      otherResponses: replay(posDocument),
    }),
  },
  '/api/pos/documents/batch': {
    post: oa.operation({
      tags: pos.tags,
      access: DEVICE,
      operationId: 'issuePosDocumentBatch',
      summary: 'Issue up to 1,000 queued documents',
      description:
        'Every entry carries its own idempotencyKey; entries are processed in order and one entry’s error never stops the rest. 400 only when documents is missing, empty or longer than 1,000.',
      body: batchDocumentsInput,
      ok: {
        status: '207',
        description: 'Per-entry results in input order',
        schema: oa.object({ data: oa.object({ results: { type: 'array', items: batchResult } }) }),
      },
    }),
  },
  '/api/pos/documents/cancel': {
    post: oa.operation({
      ...pos,
      operationId: 'cancelPosDocument',
      summary: 'Cancel a POS document on its Czech issue day',
      description:
        '409 ORIGINAL_NOT_SYNCED for an unknown originalNumber (retry later with the same key); 409 when the Czech day (Europe/Prague) of issuedAt has passed, or the document is already cancelled, a credit note or not a POS document.',
      body: cancelInput,
      ok: { description: 'Cancelled (or the replay of a known key)', schema: envelope(cancelled) },
      errors: ['409'],
    }),
  },
  '/api/pos/documents/credit-notes': {
    post: oa.operation({
      ...pos,
      operationId: 'issuePosCreditNote',
      summary: 'Issue a credit note',
      description:
        'originalNumber (customer copied from it) or customer.name is required; items may be negative or zero; the total has no rounding line. 409 ORIGINAL_NOT_SYNCED for an unknown originalNumber; 409 CONFLICT for a credit-note number already used.',
      body: creditNoteInput,
      ok: { status: '201', description: 'Issued', schema: envelope(creditNote) },
      errors: ['409'],
      otherResponses: replay(creditNote),
    }),
  },
};
