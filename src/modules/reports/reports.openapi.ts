import {
  decimalString,
  integer,
  object,
  operation,
  queryParameters,
  string,
  type PathItems,
  type Schema,
} from '../../core/openapi/builders';
import { controlStatementInput } from './control-statement';
import { periodInput } from './reports.service';

const READ = { section: 'reports', access: 'read' } as const;
const tags = ['Reports'];
const period = queryParameters(periodInput, {
  from: 'First Czech calendar day (issuedAt), inclusive',
  to: 'Last Czech calendar day (issuedAt), inclusive',
});
const rateRow = object({
  currency: string,
  vatRate: { type: 'number' },
  base: decimalString,
  vat: decimalString,
  total: decimalString,
});
const counted =
  'Counts INVOICE and CREDIT_NOTE documents (credit notes with their sign) in status ISSUED, SENT, PAID or ARCHIVED (unless archived after cancellation); DRAFT, CANCELLED, PROFORMA, QUOTE, ORDER and DELIVERY_NOTE are excluded. Amounts per currency, never converted; limited to the caller’s billing departments.';

const vatReport: Schema = object({
  from: string,
  to: string,
  rates: { type: 'array', items: rateRow, description: 'Output VAT: document lines per (currency, rate), by issuedAt' },
  totals: {
    type: 'array',
    items: object({ currency: string, base: decimalString, vat: decimalString, total: decimalString }),
  },
  input: {
    type: 'array',
    items: rateRow,
    description: 'Input VAT: lines of received costs per (currency, rate), by vatClaimDate; without reverse charge',
  },
  reverseCharge: {
    type: 'array',
    items: rateRow,
    description: 'Reverse-charge costs per (currency, rate): VAT self-assessed and deducted in the same period',
  },
  balance: {
    type: 'array',
    description:
      'Per currency: outputVat − inputVat (reverse-charge VAT is due and deducted at once, so it does not change it)',
    items: object({
      currency: string,
      outputVat: decimalString,
      inputVat: decimalString,
      reverseChargeVat: decimalString,
      difference: { ...decimalString, description: 'Positive: to pay; negative: to reclaim' },
      result: { type: 'string', enum: ['PAY', 'RECLAIM', 'NONE'] },
    }),
  },
});
const rateAmounts = { base21: decimalString, vat21: decimalString, base12: decimalString, vat12: decimalString };
const controlStatement: Schema = object({
  period: string,
  a4: {
    type: 'array',
    description: 'A.4: issued documents over 10,000 CZK including VAT to customers with a DIČ',
    items: object({
      documentId: { type: 'string', format: 'uuid' },
      number: string,
      customerVatId: string,
      taxableSupplyDate: { ...string, format: 'date' },
      total: decimalString,
      ...rateAmounts,
    }),
  },
  a5: { ...object(rateAmounts), description: 'A.5: the other issued documents, summed' },
  b2: {
    type: 'array',
    description: 'B.2: received costs over 10,000 CZK including VAT from suppliers with a DIČ',
    items: object({
      costId: { type: 'string', format: 'uuid' },
      number: string,
      supplierVatId: string,
      supplierDocumentNumber: { type: ['string', 'null'] },
      taxableSupplyDate: { ...string, format: 'date' },
      total: decimalString,
      ...rateAmounts,
    }),
  },
  b3: { ...object(rateAmounts), description: 'B.3: the other received costs, summed' },
});
const salesReport: Schema = object({
  from: string,
  to: string,
  byRate: { type: 'array', items: rateRow },
  totals: {
    type: 'array',
    items: object({
      currency: string,
      documentCount: integer,
      base: decimalString,
      vat: decimalString,
      total: decimalString,
      paidAmount: decimalString,
      outstandingAmount: decimalString,
    }),
  },
});

export const reportsOpenApi: PathItems = {
  '/api/v1/reports/vat-control-statement': {
    get: operation({
      operationId: 'vatControlStatement',
      summary: 'The Czech VAT control statement (kontrolní hlášení) of a month: A.4, A.5, B.2, B.3',
      description:
        'In CZK. Issued: documents counted as in the VAT report, by issue date; received: costs by vatClaimDate. "Over 10,000 CZK ' +
        'including VAT" is strict: 10,000.00 goes to the summed section, 10,000.01 is itemized (with the partner’s DIČ; without one it ' +
        'is summed). Only 21 % and 12 % amounts are reported. Cancelled documents and costs, reverse-charge costs (B.1) and other ' +
        'currencies are left out.',
      tags,
      access: READ,
      parameters: queryParameters(controlStatementInput, { period: 'The month YYYY-MM' }),
      ok: { description: 'The sections of the control statement', schema: controlStatement },
      errors: ['400'],
    }),
  },
  '/api/v1/reports/vat': {
    get: operation({
      operationId: 'vatReport',
      summary: 'Output VAT, input VAT and the difference to pay or reclaim for a period',
      description: `${counted} Input VAT: received costs whose vatClaimDate falls in the period (Czech days), CANCELLED ones left out; reverse-charge costs apart.`,
      tags,
      access: READ,
      parameters: period,
      ok: {
        description: 'Per (currency, VAT rate) sums of document and cost lines, per-currency totals and the balance',
        schema: vatReport,
      },
      errors: ['400'],
    }),
  },
  '/api/v1/reports/sales': {
    get: operation({
      operationId: 'salesReport',
      summary: 'Sales per VAT rate, with document count, paid and outstanding amounts',
      description: counted,
      tags,
      access: READ,
      parameters: period,
      ok: { description: 'Sales of the period', schema: salesReport },
      errors: ['400'],
    }),
  },
};
