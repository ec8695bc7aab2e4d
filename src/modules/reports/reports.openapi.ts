import * as oa from '../../core/openapi/builders';
import { controlStatementInput } from './control-statement';
import { filingPeriodInput } from './epo/filing-period';
import { periodInput } from './reports.service';
import { AGING_BUCKETS, MAX_YEARS, statisticsInput, TOP } from './statistics';

const READ = { section: 'reports', access: 'read' } as const;
const tags = ['Reports'];
const period = oa.queryParameters(periodInput, {
  from: 'First Czech calendar day (issuedAt), inclusive',
  to: 'Last Czech calendar day (issuedAt), inclusive',
});
const rateRow = oa.object({
  currency: oa.string,
  vatRate: { type: 'number' },
  base: oa.decimalString,
  vat: oa.decimalString,
  total: oa.decimalString,
});
const counted =
  'Counts INVOICE and CREDIT_NOTE documents (credit notes with their sign) in status ISSUED, SENT, PAID or ARCHIVED (unless archived after cancellation); DRAFT, CANCELLED, PROFORMA, QUOTE, ORDER and DELIVERY_NOTE are excluded. Output VAT (the VAT report and the control statement) in CZK: a foreign-currency document counts its amounts converted at its exchange rate (documents made before rates were kept, in their own currency); the sales report per currency, plus czkTotal: every currency together in CZK from the documents’ CZK amounts; limited to the caller’s billing departments.';

const vatReport: oa.Schema = oa.object({
  from: oa.string,
  to: oa.string,
  rates: {
    type: 'array',
    items: rateRow,
    description:
      'Output VAT: document lines per (currency, rate), by issuedAt; in CZK at each document’s exchange rate',
  },
  totals: {
    type: 'array',
    items: oa.object({ currency: oa.string, base: oa.decimalString, vat: oa.decimalString, total: oa.decimalString }),
  },
  input: {
    type: 'array',
    items: rateRow,
    description:
      'Input VAT: lines of received costs per (currency, rate), by vatClaimDate; without reverse charge; in CZK at each cost’s exchange rate (as reverseCharge)',
  },
  reverseCharge: {
    type: 'array',
    items: rateRow,
    description: 'Reverse-charge costs per (currency, rate): VAT self-assessed and deducted in the same period',
  },
  reverseChargeSales: {
    type: 'array',
    description:
      'Reverse-charge sales (no output VAT; left out of rates): their base in CZK per regime, every regime listed, with the DPHDP3 line it goes to — EU_GOODS 20, EU_SERVICES 21, DOMESTIC (§ 92a) 25',
    items: oa.object({
      regime: { type: 'string', enum: ['EU_GOODS', 'EU_SERVICES', 'DOMESTIC'] },
      line: oa.integer,
      base: oa.decimalString,
    }),
  },
  balance: {
    type: 'array',
    description:
      'Per currency: outputVat − inputVat (reverse-charge VAT is due and deducted at once, so it does not change it)',
    items: oa.object({
      currency: oa.string,
      outputVat: oa.decimalString,
      inputVat: oa.decimalString,
      reverseChargeVat: oa.decimalString,
      difference: { ...oa.decimalString, description: 'Positive: to pay; negative: to reclaim' },
      result: { type: 'string', enum: ['PAY', 'RECLAIM', 'NONE'] },
    }),
  },
});
const rateAmounts = {
  base21: oa.decimalString,
  vat21: oa.decimalString,
  base12: oa.decimalString,
  vat12: oa.decimalString,
};
const controlStatement: oa.Schema = oa.object({
  period: oa.string,
  a1: {
    type: 'array',
    description:
      'A.1: § 92a reverse-charge sales (the customer accounts for the VAT), one row each whatever the amount, with the supply’s code. EU reverse-charge supplies belong to the recapitulative statement and are in no section',
    items: oa.object({
      documentId: { type: 'string', format: 'uuid' },
      number: oa.string,
      customerVatId: oa.nullableString,
      taxableSupplyDate: { ...oa.string, format: 'date' },
      code: { ...oa.string, description: 'Kód předmětu plnění' },
      base: oa.decimalString,
    }),
  },
  a4: {
    type: 'array',
    description:
      'A.4: issued documents over 10,000 CZK including VAT to customers with a DIČ (never reverse-charge ones)',
    items: oa.object({
      documentId: { type: 'string', format: 'uuid' },
      number: oa.string,
      customerVatId: oa.string,
      taxableSupplyDate: { ...oa.string, format: 'date' },
      total: oa.decimalString,
      ...rateAmounts,
    }),
  },
  a5: { ...oa.object(rateAmounts), description: 'A.5: the other issued documents, summed' },
  b2: {
    type: 'array',
    description: 'B.2: received costs over 10,000 CZK including VAT from suppliers with a DIČ',
    items: oa.object({
      costId: { type: 'string', format: 'uuid' },
      number: oa.string,
      supplierVatId: oa.string,
      supplierDocumentNumber: { type: ['string', 'null'] },
      taxableSupplyDate: { ...oa.string, format: 'date' },
      total: oa.decimalString,
      ...rateAmounts,
    }),
  },
  b3: { ...oa.object(rateAmounts), description: 'B.3: the other received costs, summed' },
});
const salesReport: oa.Schema = oa.object({
  from: oa.string,
  to: oa.string,
  byRate: { type: 'array', items: rateRow },
  totals: {
    type: 'array',
    items: oa.object({
      currency: oa.string,
      documentCount: oa.integer,
      base: oa.decimalString,
      vat: oa.decimalString,
      total: oa.decimalString,
      paidAmount: oa.decimalString,
      outstandingAmount: oa.decimalString,
    }),
  },
  czkTotal: {
    ...oa.object({
      documentCount: oa.integer,
      base: oa.decimalString,
      vat: oa.decimalString,
      total: oa.decimalString,
      unconvertedDocumentCount: {
        ...oa.integer,
        description: 'Foreign-currency documents made before exchange rates were kept: no CZK amounts, left out',
      },
    }),
    description: 'Every currency together in CZK: each document’s CZK amounts at its exchange rate',
  },
});

const amountAndCount = oa.object({ amount: oa.decimalString, count: oa.integer });
const statistics: oa.Schema = oa.object({
  from: oa.string,
  to: oa.string,
  groupBy: { type: 'string', enum: ['day', 'week', 'month', 'quarter', 'year'] },
  periods: {
    type: 'array',
    description: 'Every period of the range in order, empty ones too; amounts in CZK',
    items: oa.object({
      period: { ...oa.string, description: '2026-06-17, 2026-W25 (ISO week), 2026-06, 2026-Q2 or 2026' },
      from: { ...oa.string, format: 'date', description: 'Its first day within the range' },
      to: { ...oa.string, format: 'date', description: 'Its last day within the range' },
      invoiced: {
        ...oa.object({
          documentCount: oa.integer,
          base: oa.decimalString,
          vat: oa.decimalString,
          total: oa.decimalString,
        }),
        description: 'The documents the sales report counts, by issue day, credit notes with their sign',
      },
      paid: { ...oa.decimalString, description: 'What was paid of those documents, at their rates' },
      costs: { ...oa.decimalString, description: 'Totals of the received costs issued in it (not cancelled)' },
      outputVat: { ...oa.decimalString, description: 'As the VAT report: by taxable supply day, no reverse charge' },
      inputVat: { ...oa.decimalString, description: 'As the VAT report: costs by vatClaimDate, no reverse charge' },
      vatBalance: { ...oa.decimalString, description: 'outputVat − inputVat: positive to pay' },
      cashIn: {
        ...oa.decimalString,
        type: ['string', 'null'],
        description: 'CZK payments received on its Czech days; null for a caller limited to departments',
      },
      cashOut: {
        ...oa.decimalString,
        type: ['string', 'null'],
        description: 'CZK payments sent on its Czech days; null for a caller limited to departments',
      },
      otherCurrencyPayments: {
        ...oa.integer,
        type: ['integer', 'null'],
        description: 'Payments in other currencies on its days (not in cashIn or cashOut); null as cashIn',
      },
    }),
  },
  aging: {
    ...oa.object(Object.fromEntries(AGING_BUCKETS.map((b) => [b, amountAndCount]))),
    description:
      'Unpaid invoices (ISSUED or SENT) by days past due as of today: not yet due, 1–30, 31–60, 61–90, over 90; what remains in CZK',
  },
  topCustomers: {
    type: 'array',
    description: `The ${TOP} contacts with the highest base in CZK of the documents issued in the range`,
    items: oa.object({
      contactId: { type: 'string', format: 'uuid' },
      name: oa.nullableString,
      revenue: oa.decimalString,
      documentCount: oa.integer,
    }),
  },
  topProducts: {
    type: 'array',
    description: `The ${TOP} item names with the highest base in CZK on those documents, with the quantities`,
    items: oa.object({ name: oa.string, revenue: oa.decimalString, quantity: oa.decimalString }),
  },
  averageDaysToPayment: {
    type: ['number', 'null'],
    description: 'Of the invoices issued in the range and paid: Czech days from issue to payment (null: none paid)',
  },
  unconvertedDocumentCount: {
    ...oa.integer,
    description: 'Foreign-currency documents made before exchange rates were kept: no CZK amounts, left out',
  },
});

export const reportsOpenApi: oa.PathItems = {
  '/api/v1/reports/statistics': {
    get: oa.operation({
      operationId: 'reportStatistics',
      summary: 'Statistics of a range per day, ISO week, month, quarter or year',
      description: `${counted} Per period: invoiced, paid, costs and the VAT balance in CZK; the receivables aging as of today; top ${TOP} customers and products; average days to payment. At most ${MAX_YEARS} years.`,
      tags,
      access: READ,
      parameters: oa.queryParameters(statisticsInput, {
        from: 'First Czech calendar day, inclusive',
        to: 'Last Czech calendar day, inclusive',
        groupBy: 'day, week (ISO), month, quarter or year',
      }),
      ok: { description: 'The statistics of the range', schema: statistics },
      errors: ['400'],
    }),
  },
  '/api/v1/reports/vat-control-statement': {
    get: oa.operation({
      operationId: 'vatControlStatement',
      summary: 'The Czech VAT control statement (kontrolní hlášení) of a month: A.1, A.4, A.5, B.2, B.3',
      description:
        'In CZK. Issued: documents counted as in the VAT report, by taxable supply date (DUZP); received: costs by vatClaimDate. "Over 10,000 CZK ' +
        'including VAT" is strict: 10,000.00 goes to the summed section, 10,000.01 is itemized (with the partner’s DIČ; without one it ' +
        'is summed). Only 21 % and 12 % amounts are reported. Foreign-currency documents and costs count their CZK amounts (the ' +
        'limit too); cancelled documents and costs, reverse-charge costs (B.1) and those of other currencies made before rates ' +
        'were kept are left out.',
      tags,
      access: READ,
      parameters: oa.queryParameters(controlStatementInput, { period: 'The month YYYY-MM' }),
      ok: { description: 'The sections of the control statement', schema: controlStatement },
      errors: ['400'],
    }),
  },
  '/api/v1/reports/vat': {
    get: oa.operation({
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
    get: oa.operation({
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
  '/api/v1/reports/vat-return.xml': {
    get: oa.operation({
      operationId: 'vatReturnXml',
      summary: 'The VAT return (přiznání k DPH, DPHDP3) of a period as the EPO XML the tax portal imports',
      description:
        'A regular return (dapdph_forma B) with the company’s identification (VetaP from the billing data and GET /settings/tax-filing) and the lines of the VAT report of the period in whole CZK: ř. 1/2 output VAT at 21/12 %, ř. 10/11 reverse-charge costs self-assessed, ř. 20/21/25 reverse-charge sales, ř. 40/41 input VAT, ř. 43/44 the reverse-charge deduction, ř. 46, 62–65. period is a month for a company filing monthly, a quarter YYYY-Qn for one filing quarterly (else 400). Valid against the official dphdp3_epo2.xsd. 409 TAX_FILING_SETTINGS_MISSING (details name the fields) without the tax office, filer type, VAT period, CZ-NACE, DIČ or name; 403 for a caller limited to departments.',
      tags,
      access: READ,
      parameters: oa.queryParameters(filingPeriodInput, { period: 'YYYY-MM (monthly filer) or YYYY-Qn (quarterly)' }),
      ok: {
        description: 'The DPHDP3 file (Content-Disposition: attachment; filename="DPHDP3-<dic>-<period>.xml")',
        schema: { type: 'string' },
        contentType: 'application/xml',
      },
      errors: ['400', '409'],
    }),
  },
  '/api/v1/reports/vat-control-statement.xml': {
    get: oa.operation({
      operationId: 'vatControlStatementXml',
      summary: 'The control statement (kontrolní hlášení, DPHKH1) of a period as the EPO XML the tax portal imports',
      description:
        'A regular statement (khdph_forma B) with the company’s identification and the sections of GET /reports/vat-control-statement in CZK with hellers: VetaA1, VetaA4, VetaA5, VetaB2, VetaB3 and the control sums VetaC (B.1 is not produced). period is a month, or a quarter YYYY-Qn for a natural person filing VAT quarterly (else 400). Valid against the official dphkh1_epo2.xsd. 409 TAX_FILING_SETTINGS_MISSING as for the VAT return; 409 FILING_PARTNER_VAT_ID_INVALID when a row’s partner has no Czech DIČ; 403 for a caller limited to departments.',
      tags,
      access: READ,
      parameters: oa.queryParameters(filingPeriodInput, {
        period: 'YYYY-MM, or YYYY-Qn for a quarterly natural person',
      }),
      ok: {
        description: 'The DPHKH1 file (Content-Disposition: attachment; filename="DPHKH1-<dic>-<period>.xml")',
        schema: { type: 'string' },
        contentType: 'application/xml',
      },
      errors: ['400', '409'],
    }),
  },
};
