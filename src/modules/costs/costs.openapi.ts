import * as oa from '../../core/openapi/builders';
import { documentItem } from '../documents/documents.module';
import { COST_KINDS, COST_STATUSES } from './cost.types';
import { createCostInput, importCostQuery, listCostsQuery, updateCostInput } from './costs.inputs';
import { IMPORT_CONTENT_TYPES, ISDOCX_LIMITS, MAX_IMPORT_BYTES } from './isdoc/isdoc-file';

const READ = { section: 'costs', access: 'read' } as const;
const WRITE = { section: 'costs', access: 'write' } as const;
const tags = ['Costs'];
const number: oa.Schema = { type: 'number' };
const nullableDateTime: oa.Schema = { type: ['string', 'null'], format: 'date-time' };

const item: oa.Schema = {
  ...documentItem,
  properties: { ...(documentItem.properties as Record<string, oa.Schema>), vatRate: { ...number, enum: [21, 12, 0] } },
};

const nullableDecimal: oa.Schema = { type: ['string', 'null'], pattern: oa.decimalString.pattern };
const summaryRow = oa.object({
  vatRate: number,
  subtotal: oa.decimalString,
  vatTotal: oa.decimalString,
  total: oa.decimalString,
});

const attachment = oa.object({
  id: oa.uuid,
  filename: oa.string,
  contentType: oa.string,
  size: { ...oa.integer, description: 'Bytes' },
  createdAt: oa.dateTime,
});
const error = { 'application/json': { schema: oa.schemaRef('Error') } };
const binary: oa.Schema = { type: 'string', format: 'binary' };

export const costRecord = oa.object({
  id: oa.uuid,
  number: { ...oa.string, description: 'From the COST numbering series (default prefix N)' },
  kind: { type: 'string', enum: [...COST_KINDS] },
  status: { type: 'string', enum: [...COST_STATUSES] },
  supplierId: oa.uuid,
  supplier: oa.object({
    name: oa.string,
    street: oa.nullableString,
    city: oa.nullableString,
    zip: oa.nullableString,
    country: oa.nullableString,
    taxId: { ...oa.nullableString, description: 'IČO' },
    vatId: { ...oa.nullableString, description: 'DIČ' },
  }),
  supplierDocumentNumber: { ...oa.nullableString, description: 'The supplier’s number, exactly as printed' },
  variableSymbol: oa.nullableString,
  paymentAccount: {
    ...oa.object({
      accountNumber: oa.nullableString,
      bankCode: oa.nullableString,
      iban: oa.nullableString,
      bic: oa.nullableString,
    }),
    type: ['object', 'null'],
    description: 'The supplier’s bank account the cost is paid to',
  },
  issuedAt: oa.dateTime,
  taxableSupplyDate: { ...oa.dateTime, description: 'DUZP' },
  receivedAt: oa.dateTime,
  vatClaimDate: { ...oa.dateTime, description: 'When the input VAT is deducted (VAT report, control statement)' },
  dueAt: oa.dateTime,
  currency: oa.string,
  items: { type: 'array', items: item },
  subtotal: oa.decimalString,
  vatTotal: oa.decimalString,
  total: oa.decimalString,
  vatSummary: {
    type: 'array',
    items: summaryRow,
    description: 'The lines summed per VAT rate, highest first',
  },
  exchangeRate: {
    ...nullableDecimal,
    description:
      'CZK per 1 unit of currency: the ČNB fixing valid on the taxable supply date (the last published on or before it) unless given; 1 for CZK; null on a foreign-currency cost recorded before rates were kept',
  },
  subtotalCzk: { ...nullableDecimal, description: 'subtotal in CZK (per VAT rate converted and rounded, then summed)' },
  vatTotalCzk: { ...nullableDecimal, description: 'vatTotal in CZK: the input VAT the VAT report counts' },
  totalCzk: { ...nullableDecimal, description: 'total in CZK (the control statement’s 10,000 CZK limit)' },
  vatRatesCzk: {
    type: ['array', 'null'],
    items: summaryRow,
    description: 'vatSummary in CZK: per VAT rate, base and VAT each converted and rounded to hellers',
  },
  reverseCharge: oa.boolean,
  taxDeductible: oa.boolean,
  tags: { type: 'array', items: oa.string },
  note: oa.nullableString,
  inboxItemId: {
    type: ['string', 'null'],
    format: 'uuid',
    description:
      'The inbox item the cost was confirmed from (POST /inbox/{id}/confirm); null when entered by hand or imported',
  },
  paidAmount: oa.decimalString,
  remainingAmount: {
    ...oa.decimalString,
    description: 'Left to pay the supplier: total, or subtotal under reverse charge, minus paidAmount',
  },
  overdue: { ...oa.boolean, description: 'OPEN and due on a Czech (Europe/Prague) day before today' },
  paidAt: nullableDateTime,
  cancelledAt: nullableDateTime,
  createdAt: oa.dateTime,
  updatedAt: oa.dateTime,
  attachments: {
    type: 'array',
    items: attachment,
    description:
      'Files kept with the cost (an imported ISDOC), oldest first; GET …/attachments/{attachmentId} downloads one',
  },
});

export const costsOpenApi: oa.PathItems = {
  '/api/v1/costs': {
    post: oa.operation({
      operationId: 'createCost',
      summary: 'Record a received cost (supplier invoice, receipt or other)',
      description:
        'Numbered from the COST series. Totals and vatSummary are computed as on documents; in a foreign currency, exchangeRate (explicit, or ČNB’s fixing valid on taxableSupplyDate; none to be had: 400 naming exchangeRate) gives the CZK amounts the VAT report counts. A second cost with the same supplier and supplierDocumentNumber is 409 CONFLICT, also when both are sent at once. Records cost.created.',
      tags,
      access: WRITE,
      body: createCostInput,
      ok: { status: '201', description: 'The new cost', schema: costRecord },
      errors: ['400', '409'],
    }),
    get: oa.operation({
      operationId: 'listCosts',
      summary: 'List received costs, oldest first',
      tags,
      access: READ,
      parameters: oa.queryParameters(listCostsQuery, {
        status: 'Only this status',
        kind: 'Only this kind',
        supplierId: 'Only costs of this supplier',
        from: 'issuedAt on or after this Czech date',
        to: 'issuedAt on or before this Czech date',
        vatClaimFrom: 'vatClaimDate on or after this Czech date',
        vatClaimTo: 'vatClaimDate on or before this Czech date',
        overdue: 'Only overdue (true) or only not overdue (false) costs',
        search: 'Case-insensitive substring of number, supplier document number or supplier name',
      }),
      ok: { description: 'A page of costs', schema: oa.pageOf(costRecord) },
      errors: ['400', '404'],
    }),
  },
  '/api/v1/costs/import': {
    post: oa.operation({
      operationId: 'importCost',
      summary: 'Import a received ISDOC invoice as a cost',
      description: `The body is the file itself (no multipart), at most ${MAX_IMPORT_BYTES} bytes, with Content-Type one of ${IMPORT_CONTENT_TYPES.join(', ')}: an ISDOC 6.0.2 or 6.0.1 invoice (.isdoc), its ZIP form (.isdocx: the .isdoc its manifest.xml names, else its only .isdoc; at most ${ISDOCX_LIMITS.entries} entries and ${ISDOCX_LIMITS.unpackedBytes} bytes unpacked) or a PDF embedding an .isdoc (ISDOC.PDF). The bytes decide which; anything else is 415. The XML is validated against the ISDOC 6.0.2 schema (400 ISDOC_INVALID naming the first error's line and element; a DOCTYPE is refused). The cost is made as by POST /costs: supplier = the contact with the file's IČO (a client of that IČO becomes BOTH), else a new SUPPLIER contact with the file's name, IČO, DIČ and address; the supplier's number, dates (IssueDate, TaxPointDate, PaymentDueDate), lines, VAT per rate and totals exactly as the file states them (differences of per-rate VAT rounding and PayableRoundingAmount become lines "Zaokrouhlení DPH …" and "Zaokrouhlení"), the currency and CurrRate/RefCurrRate of a foreign-currency invoice, the variable symbol and the bank account. The file is kept as the cost's attachment. Credit notes (DocumentType 2, 6) and proformas (4) are 400 ISDOC_DOCUMENT_TYPE_UNSUPPORTED; a second import of the same supplier number is 409 CONFLICT as for POST /costs. Records cost.created (and contact.created for a new supplier).`,
      tags,
      access: WRITE,
      parameters: oa.queryParameters(importCostQuery, { filename: 'The file’s name, kept on the attachment' }),
      ok: { status: '201', description: 'The new cost', schema: costRecord },
      errors: ['400', '409'],
      otherResponses: {
        '413': {
          description: 'PAYLOAD_TOO_LARGE: the file, or what an .isdocx unpacks to, is over the limits',
          content: error,
        },
        '415': { description: 'UNSUPPORTED_MEDIA_TYPE: not an .isdoc, .isdocx or PDF', content: error },
        '503': {
          description: 'SERVICE_BUSY: enough imports are being validated at once; retry after Retry-After',
          headers: { 'Retry-After': { description: 'Seconds to wait', schema: oa.integer } },
          content: error,
        },
      },
      extra: {
        requestBody: {
          required: true,
          content: Object.fromEntries(
            IMPORT_CONTENT_TYPES.map((type) => [type, { schema: { ...binary, maxLength: MAX_IMPORT_BYTES } }]),
          ),
        },
      },
    }),
  },
  '/api/v1/costs/{id}/attachments': {
    get: oa.operation({
      operationId: 'listCostAttachments',
      summary: 'List the files kept with a cost',
      tags,
      access: READ,
      parameters: [oa.idParameter],
      ok: {
        description: 'The attachments, oldest first',
        schema: oa.object({ data: { type: 'array', items: attachment } }),
      },
      errors: ['404'],
    }),
  },
  '/api/v1/costs/{id}/attachments/{attachmentId}': {
    get: oa.operation({
      operationId: 'downloadCostAttachment',
      summary: 'Download a file kept with a cost, byte for byte',
      description:
        'Content-Type as kept (application/xml, application/zip or application/pdf); Content-Disposition attachment with the file’s name.',
      tags,
      access: READ,
      parameters: [oa.idParameter, oa.pathParameter('attachmentId', 'An attachment of the cost')],
      ok: { description: 'The file', schema: binary, contentType: 'application/octet-stream' },
      errors: ['404'],
    }),
  },
  '/api/v1/costs/{id}': {
    get: oa.operation({
      operationId: 'getCost',
      summary: 'Read a cost',
      tags,
      access: READ,
      parameters: [oa.idParameter],
      ok: { description: 'The cost', schema: costRecord },
      errors: ['404'],
    }),
    patch: oa.operation({
      operationId: 'updateCost',
      summary: 'Change an OPEN cost',
      description:
        'Only OPEN costs (else 409 COST_NOT_OPEN); items, currency and reverseCharge only while no payment is matched (409 COST_HAS_PAYMENTS). The CZK amounts follow: a new currency or taxableSupplyDate without exchangeRate takes ČNB’s rate of the taxable supply date. Records cost.updated.',
      tags,
      access: WRITE,
      parameters: [oa.idParameter],
      body: updateCostInput,
      ok: { description: 'The changed cost', schema: costRecord },
      errors: ['400', '404', '409'],
    }),
    delete: oa.operation({
      operationId: 'deleteCost',
      summary: 'Delete a cost no payment is matched to',
      description: '409 COST_HAS_PAYMENTS when a payment is matched. Records cost.deleted with the last known state.',
      tags,
      access: WRITE,
      parameters: [oa.idParameter],
      ok: { status: '204', description: 'Deleted' },
      errors: ['404', '409'],
    }),
  },
  '/api/v1/costs/{id}/cancel': {
    post: oa.operation({
      operationId: 'cancelCost',
      summary: 'Cancel an OPEN cost',
      description:
        'OPEN costs without matched payments only (else 409 COST_NOT_OPEN or COST_HAS_PAYMENTS). Cancelled costs leave the VAT report and the control statement. Records cost.cancelled.',
      tags,
      access: WRITE,
      parameters: [oa.idParameter],
      ok: { description: 'The cancelled cost', schema: costRecord },
      errors: ['404', '409'],
    }),
  },
};
