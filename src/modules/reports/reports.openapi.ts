import { decimalString, integer, object, operation, queryParameters, string, type PathItems, type Schema } from '../openapi/openapi.builders';
import { periodInput } from './reports.service';

const READ = { section: 'reports', access: 'read' } as const;
const tags = ['Reports'];
const period = queryParameters(periodInput, { from: 'First Czech calendar day (issuedAt), inclusive', to: 'Last Czech calendar day (issuedAt), inclusive' });
const rateRow = object({ currency: string, vatRate: { type: 'number' }, base: decimalString, vat: decimalString, total: decimalString });
const counted =
  'Counts INVOICE and CREDIT_NOTE documents (credit notes with their sign) in status ISSUED, SENT, PAID or ARCHIVED (unless archived after cancellation); DRAFT, CANCELLED, PROFORMA, QUOTE, ORDER and DELIVERY_NOTE are excluded. Amounts per currency, never converted; limited to the caller’s billing departments.';

const vatReport: Schema = object({
  from: string,
  to: string,
  rates: { type: 'array', items: rateRow },
  totals: { type: 'array', items: object({ currency: string, base: decimalString, vat: decimalString, total: decimalString }) },
});
const salesReport: Schema = object({
  from: string,
  to: string,
  byRate: { type: 'array', items: rateRow },
  totals: {
    type: 'array',
    items: object({ currency: string, documentCount: integer, base: decimalString, vat: decimalString, total: decimalString, paidAmount: decimalString, outstandingAmount: decimalString }),
  },
});

export const reportsOpenApi: PathItems = {
  '/api/v1/reports/vat': {
    get: operation({
      operationId: 'vatReport',
      summary: 'VAT bases and VAT per rate for a period',
      description: counted,
      tags,
      access: READ,
      parameters: period,
      ok: { description: 'Per (currency, VAT rate) sums of document lines, and per-currency totals', schema: vatReport },
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
