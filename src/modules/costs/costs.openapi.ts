import {
  boolean,
  dateTime,
  decimalString,
  idParameter,
  nullableString,
  object,
  operation,
  pageOf,
  queryParameters,
  string,
  uuid,
  type PathItems,
  type Schema,
} from '../../core/openapi/builders';
import { documentItem } from '../documents/documents.module';
import { COST_KINDS, COST_STATUSES } from './cost.types';
import { createCostInput, listCostsQuery, updateCostInput } from './costs.inputs';

const READ = { section: 'costs', access: 'read' } as const;
const WRITE = { section: 'costs', access: 'write' } as const;
const tags = ['Costs'];
const number: Schema = { type: 'number' };
const nullableDateTime: Schema = { type: ['string', 'null'], format: 'date-time' };

const item: Schema = {
  ...documentItem,
  properties: { ...(documentItem.properties as Record<string, Schema>), vatRate: { ...number, enum: [21, 12, 0] } },
};

export const costRecord = object({
  id: uuid,
  number: { ...string, description: 'From the COST numbering series (default prefix N)' },
  kind: { type: 'string', enum: [...COST_KINDS] },
  status: { type: 'string', enum: [...COST_STATUSES] },
  supplierId: uuid,
  supplier: object({
    name: string,
    street: nullableString,
    city: nullableString,
    zip: nullableString,
    country: nullableString,
    taxId: { ...nullableString, description: 'IČO' },
    vatId: { ...nullableString, description: 'DIČ' },
  }),
  supplierDocumentNumber: { ...nullableString, description: 'The supplier’s number, exactly as printed' },
  variableSymbol: nullableString,
  issuedAt: dateTime,
  taxableSupplyDate: { ...dateTime, description: 'DUZP' },
  receivedAt: dateTime,
  vatClaimDate: { ...dateTime, description: 'When the input VAT is deducted (VAT report, control statement)' },
  dueAt: dateTime,
  currency: string,
  items: { type: 'array', items: item },
  subtotal: decimalString,
  vatTotal: decimalString,
  total: decimalString,
  vatSummary: {
    type: 'array',
    items: object({ vatRate: number, subtotal: decimalString, vatTotal: decimalString, total: decimalString }),
    description: 'The lines summed per VAT rate, highest first',
  },
  reverseCharge: boolean,
  taxDeductible: boolean,
  tags: { type: 'array', items: string },
  note: nullableString,
  paidAmount: decimalString,
  remainingAmount: {
    ...decimalString,
    description: 'Left to pay the supplier: total, or subtotal under reverse charge, minus paidAmount',
  },
  overdue: { ...boolean, description: 'OPEN and due on a Czech (Europe/Prague) day before today' },
  paidAt: nullableDateTime,
  cancelledAt: nullableDateTime,
  createdAt: dateTime,
  updatedAt: dateTime,
});

export const costsOpenApi: PathItems = {
  '/api/v1/costs': {
    post: operation({
      operationId: 'createCost',
      summary: 'Record a received cost (supplier invoice, receipt or other)',
      description:
        'Numbered from the COST series. Totals and vatSummary are computed as on documents. A second cost with the same supplier and supplierDocumentNumber is 409 CONFLICT, also when both are sent at once. Records cost.created.',
      tags,
      access: WRITE,
      body: createCostInput,
      ok: { status: '201', description: 'The new cost', schema: costRecord },
      errors: ['400', '409'],
    }),
    get: operation({
      operationId: 'listCosts',
      summary: 'List received costs, oldest first',
      tags,
      access: READ,
      parameters: queryParameters(listCostsQuery, {
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
      ok: { description: 'A page of costs', schema: pageOf(costRecord) },
      errors: ['400'],
    }),
  },
  '/api/v1/costs/{id}': {
    get: operation({
      operationId: 'getCost',
      summary: 'Read a cost',
      tags,
      access: READ,
      parameters: [idParameter],
      ok: { description: 'The cost', schema: costRecord },
      errors: ['404'],
    }),
    patch: operation({
      operationId: 'updateCost',
      summary: 'Change an OPEN cost',
      description:
        'Only OPEN costs (else 409 COST_NOT_OPEN); items, currency and reverseCharge only while no payment is matched (409 COST_HAS_PAYMENTS). Records cost.updated.',
      tags,
      access: WRITE,
      parameters: [idParameter],
      body: updateCostInput,
      ok: { description: 'The changed cost', schema: costRecord },
      errors: ['400', '404', '409'],
    }),
    delete: operation({
      operationId: 'deleteCost',
      summary: 'Delete a cost no payment is matched to',
      description: '409 COST_HAS_PAYMENTS when a payment is matched. Records cost.deleted with the last known state.',
      tags,
      access: WRITE,
      parameters: [idParameter],
      ok: { status: '204', description: 'Deleted' },
      errors: ['404', '409'],
    }),
  },
  '/api/v1/costs/{id}/cancel': {
    post: operation({
      operationId: 'cancelCost',
      summary: 'Cancel an OPEN cost',
      description:
        'OPEN costs without matched payments only (else 409 COST_NOT_OPEN or COST_HAS_PAYMENTS). Cancelled costs leave the VAT report and the control statement. Records cost.cancelled.',
      tags,
      access: WRITE,
      parameters: [idParameter],
      ok: { description: 'The cancelled cost', schema: costRecord },
      errors: ['404', '409'],
    }),
  },
};
