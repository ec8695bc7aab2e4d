import * as oa from '../../core/openapi/builders';
import { costRecord } from '../costs/costs.module';
import { MAX_MULTIPART_BYTES } from './inbox-multipart';
import { confirmInboxInput, listInboxQuery } from './inbox.inputs';
import { MAX_FILE_BYTES, MAX_FILES } from './inbox.service';
import { INBOX_SOURCES, INBOX_STATUSES } from './inbox.types';

const READ = { section: 'costs', access: 'read' } as const;
const WRITE = { section: 'costs', access: 'write' } as const;
const tags = ['Inbox'];
const error = { 'application/json': { schema: oa.schemaRef('Error') } };

const confident = (schema: oa.Schema, description: string): oa.Schema => ({
  type: ['object', 'null'],
  required: ['value', 'confidence'],
  properties: { value: schema, confidence: { type: 'number', minimum: 0, maximum: 1 } },
  description: `${description}; null when not found`,
});
const text = oa.string;

const fields: oa.Schema = {
  type: ['object', 'null'],
  description:
    'The extracted fields, each with its confidence (0..1; an ISDOC is read exactly: 1); null until EXTRACTED',
  properties: {
    supplierIco: confident(text, 'The supplier’s IČO (its mod-11 check passes)'),
    supplierDic: confident(text, 'The supplier’s DIČ'),
    supplierName: confident(text, 'The supplier’s name'),
    documentNumber: confident(text, 'The supplier’s document number'),
    variableSymbol: confident(text, 'The variable symbol'),
    issueDate: confident({ type: 'string', format: 'date' }, 'Issue date'),
    taxableSupplyDate: confident({ type: 'string', format: 'date' }, 'Taxable supply date (DUZP)'),
    dueDate: confident({ type: 'string', format: 'date' }, 'Due date'),
    total: confident(oa.decimalString, 'The total including VAT'),
    currency: confident(text, 'ISO 4217 currency'),
    vat: {
      type: 'array',
      description: 'The VAT recapitulation per rate',
      items: oa.object({
        rate: { type: 'string', enum: ['21', '12', '0'] },
        base: oa.decimalString,
        vat: oa.decimalString,
        confidence: { type: 'number', minimum: 0, maximum: 1 },
      }),
    },
    iban: confident(text, 'The supplier’s IBAN (its mod-97 check passes)'),
    accountNumber: confident(text, 'The supplier’s Czech account `[prefix-]number/bankCode`'),
  },
};

const inboxItem = oa.object({
  id: oa.uuid,
  status: {
    type: 'string',
    enum: [...INBOX_STATUSES],
    description: 'QUEUED → PROCESSING → EXTRACTED | FAILED; EXTRACTED → CONFIRMED by POST /inbox/{id}/confirm',
  },
  source: { type: 'string', enum: [...INBOX_SOURCES], description: 'How the file came in' },
  filename: oa.string,
  contentType: oa.string,
  size: oa.integer,
  pages: { type: ['integer', 'null'] },
  method: { type: ['string', 'null'], enum: ['ISDOC', 'TEXT', 'OCR', null], description: 'How the fields were read' },
  engine: { ...oa.nullableString, description: 'The engine and its version (e.g. tesseract 5.3.0 (ces+eng))' },
  failureReason: { ...oa.nullableString, description: 'Why the item FAILED' },
  fields,
  supplierContactId: {
    type: ['string', 'null'],
    format: 'uuid',
    description: 'The supplier contact with the extracted IČO',
  },
  duplicateCostId: {
    type: ['string', 'null'],
    format: 'uuid',
    description: 'A cost of that supplier with the same supplier document number: confirming would be 409',
  },
  costId: { type: ['string', 'null'], format: 'uuid', description: 'The cost it was confirmed into' },
  createdAt: oa.dateTime,
  updatedAt: oa.dateTime,
  processedAt: { type: ['string', 'null'], format: 'date-time' },
});

export const inboxOpenApi: oa.PathItems = {
  '/api/v1/inbox': {
    post: oa.operation({
      operationId: 'uploadInboxFiles',
      summary: 'Upload received documents to the costs inbox',
      description: `multipart/form-data with one or more file parts (any field name): at most ${MAX_FILES} files, each at most ${MAX_FILE_BYTES} bytes (the request at most ${MAX_MULTIPART_BYTES} bytes; with an Idempotency-Key at most 10 MiB), else 413 PAYLOAD_TOO_LARGE. Each must be a PDF, PNG, JPEG, ISDOC (.isdoc) or .isdocx by its bytes, else 415 UNSUPPORTED_MEDIA_TYPE (nothing is stored). PDFs are read up to the extraction's page limit and images up to its megapixel limit (README "Costs inbox"). Each file becomes an item QUEUED for the job inbox.process, which ends it EXTRACTED or FAILED with ai.completed or ai.failed and a notification.`,
      tags,
      access: WRITE,
      ok: {
        status: '201',
        description: 'The new items, QUEUED',
        schema: oa.object({ data: { type: 'array', items: inboxItem } }),
      },
      errors: ['400'],
      otherResponses: {
        '413': {
          description: 'PAYLOAD_TOO_LARGE: a file, their number or the request is over the limits',
          content: error,
        },
        '415': {
          description: 'UNSUPPORTED_MEDIA_TYPE: a file is not a PDF, PNG, JPEG, .isdoc or .isdocx',
          content: error,
        },
      },
      extra: {
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                properties: {
                  files: {
                    type: 'array',
                    maxItems: MAX_FILES,
                    items: { type: 'string', format: 'binary', maxLength: MAX_FILE_BYTES },
                  },
                },
              },
            },
          },
        },
      },
    }),
    get: oa.operation({
      operationId: 'listInboxItems',
      summary: 'The company’s inbox items, newest first',
      tags,
      access: READ,
      parameters: oa.queryParameters(listInboxQuery, { status: 'Only items in this status' }),
      ok: { description: 'A page of inbox items', schema: oa.pageOf(inboxItem) },
      errors: ['400'],
    }),
  },
  '/api/v1/inbox/{id}': {
    get: oa.operation({
      operationId: 'getInboxItem',
      summary: 'One inbox item: its status and, once EXTRACTED, the proposed cost (fields, supplier, duplicate flag)',
      tags,
      access: READ,
      parameters: [oa.idParameter],
      ok: { description: 'The item', schema: inboxItem },
      errors: ['404'],
    }),
    delete: oa.operation({
      operationId: 'deleteInboxItem',
      summary: 'Delete an inbox item and its file',
      description: 'A cost confirmed from it stays, with its own copy of the file.',
      tags,
      access: WRITE,
      parameters: [oa.idParameter],
      ok: { status: '204', description: 'Deleted' },
      errors: ['404'],
    }),
  },
  '/api/v1/inbox/{id}/file': {
    get: oa.operation({
      operationId: 'downloadInboxFile',
      summary: 'The item’s file, byte for byte',
      description:
        'Kept until the item is deleted; a CONFIRMED item’s file is deleted 30 days after confirmation (409 INBOX_FILE_GONE; the cost keeps it as its attachment).',
      tags,
      access: READ,
      parameters: [oa.idParameter],
      ok: {
        description: 'The file',
        schema: { type: 'string', format: 'binary' },
        contentType: 'application/octet-stream',
      },
      errors: ['404', '409'],
    }),
  },
  '/api/v1/inbox/{id}/pages/{n}': {
    get: oa.operation({
      operationId: 'getInboxPageImage',
      summary: 'Page n (from 1) of the item’s file as a PNG, for the review',
      tags,
      access: READ,
      parameters: [
        oa.idParameter,
        oa.pathParameter('n', 'The page, from 1 to the item’s pages', { type: 'integer', minimum: 1, maximum: 9999 }),
      ],
      ok: { description: 'The page as PNG', schema: { type: 'string', format: 'binary' }, contentType: 'image/png' },
      errors: ['400', '404', '409'],
    }),
  },
  '/api/v1/inbox/{id}/confirm': {
    post: oa.operation({
      operationId: 'confirmInboxItem',
      summary: 'Confirm an EXTRACTED item, with corrections, into a cost',
      description:
        'The body holds corrections as fields of POST /costs; absent ones take the proposal: kind INVOICE, supplierId = the contact with the extracted IČO (none: a new SUPPLIER contact with the extracted name, IČO and DIČ, made once the rest of the input passes; without an extracted name supplierId is required), supplierDocumentNumber, variableSymbol, issuedAt, taxableSupplyDate, dueAt, currency, paymentAccount from the fields, and items one line per VAT rate (its base), or the total as one line at 0 % without a VAT recapitulation. The cost is then made exactly as by POST /costs (its rules and 400 field errors, numbering, VAT computed by the server, cost.created) with the file as its attachment and inboxItemId on it; the item becomes CONFIRMED. A cost with the same supplier number is 409 CONFLICT; an item not EXTRACTED is 409 INBOX_ITEM_NOT_EXTRACTED.',
      tags,
      access: WRITE,
      parameters: [oa.idParameter],
      body: confirmInboxInput,
      ok: {
        status: '201',
        description: 'The item, CONFIRMED, and its cost',
        schema: oa.object({ item: inboxItem, cost: costRecord }),
      },
      errors: ['400', '404', '409'],
    }),
  },
};
