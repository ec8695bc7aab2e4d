import BigNumber from 'bignumber.js';
import { CZ_TZ, dayjs } from '../../core/clock';
import { authed, orgId, type RequestContext } from '../../core/ctx';
import { ValidationError } from '../../core/errors';
import { czechDay } from '../../core/fields';
import { parseInput, z } from '../../core/validation';
import type { ServicesOf } from '../../core/module';
import type { contactsModule } from '../contacts/contacts.module';
import type { paymentsModule } from '../payments/payments.module';
import type { costsModule } from '../costs/costs.module';
import type { documentsModule } from '../documents/documents.module';
import { buildControlStatement, controlStatementInput, LIMIT, type ControlStatement } from './control-statement';
import { vatBalance, type VatBalance } from './input-vat';
import { totalsPerCurrency, type CurrencyTotals, type RateRow } from './vat-totals';
import { domesticReverseChargeRows, reverseChargeSales, type ReverseChargeSalesRow } from './reverse-charge-sales';

/**
 * Which documents count: tax documents only — INVOICE, CREDIT_NOTE (credit notes with their own
 * sign, so a negative credit note lowers the sums) and ADVANCE_TAX_DOCUMENT (the VAT of a payment
 * received on a proforma, in the month of receipt; the final invoice's deduction lines take it off
 * again, so the supply is taxed once) — that were issued: ISSUED, SENT, PAID, or
 * ARCHIVED unless they had been cancelled. DRAFT and CANCELLED are excluded, and so are PROFORMA
 * (an advance request, not a taxable supply), QUOTE, ORDER and DELIVERY_NOTE. The period is a range
 * of Czech calendar days — of the taxable supply date (DUZP, issuedAt unless set) in the VAT report and
 * the control statement, so a credit note counts in the month of its DUZP (§ 42 ZDPH); of issuedAt in the
 * sales report. Output VAT is counted in CZK (each document's CZK amounts at its exchange rate); the sales
 * report's amounts are per currency, with czkTotal summing every currency's CZK amounts.
 */
export const REPORTED_TYPES = ['INVOICE', 'CREDIT_NOTE', 'ADVANCE_TAX_DOCUMENT'] as const;
export const REPORTED_STATUSES = ['ISSUED', 'SENT', 'PAID', 'ARCHIVED'] as const;

export const periodInput = z.object({ from: czechDay(), to: czechDay() });

export interface VatReport {
  from: string;
  to: string;
  /** Output VAT: the documents' lines per (currency, rate), reverse-charge documents left out. */
  rates: RateRow[];
  totals: CurrencyTotals[];
  /** Input VAT: the lines of received costs deducted in the period (vatClaimDate), without reverse charge. */
  input: RateRow[];
  /** Reverse-charge costs: VAT the company self-assesses and deducts in the same period. */
  reverseCharge: RateRow[];
  /** Reverse-charge sales: their base in CZK per regime and VAT-return line (no output VAT). */
  reverseChargeSales: ReverseChargeSalesRow[];
  balance: VatBalance[];
}
export interface SalesReport {
  from: string;
  to: string;
  byRate: RateRow[];
  totals: {
    currency: string;
    documentCount: number;
    base: string;
    vat: string;
    total: string;
    paidAmount: string;
    outstandingAmount: string;
  }[];
  /** All currencies together in CZK (statistics): the documents' CZK amounts at their exchange rates. */
  czkTotal: SalesCzkTotal;
}

export interface SalesCzkTotal {
  /** The documents counted (every one with CZK amounts). */
  documentCount: number;
  base: string;
  vat: string;
  total: string;
  /** Foreign-currency documents made before rates were kept (Migration0026): no CZK amounts, left out. */
  unconvertedDocumentCount: number;
}

const fixed = (v: string | number | null) => new BigNumber(v ?? 0).toFixed(2);

/** The documents of one currency in a period, as the documents module sums them. */
type SalesOfCurrency = Awaited<ReturnType<ReportSources['documents']['totalsOf']>>[number];

/** The sales of every currency summed in CZK, from each currency's documents with CZK amounts. */
function czkTotalOf(rows: SalesOfCurrency[]): SalesCzkTotal {
  const sum = (amount: (r: SalesOfCurrency) => string) =>
    rows.reduce((acc, r) => acc.plus(amount(r)), new BigNumber(0)).toFixed(2);
  return {
    documentCount: rows.reduce((n, r) => n + r.czk.count, 0),
    base: sum((r) => r.czk.base),
    vat: sum((r) => r.czk.vat),
    total: sum((r) => r.czk.total),
    unconvertedDocumentCount: rows.reduce((n, r) => n + r.count - r.czk.count, 0),
  };
}

/** What the reports read, from the manifests of the modules owning the rows. */
export interface ReportSources {
  documents: ServicesOf<typeof documentsModule>['reads'];
  costs: ServicesOf<typeof costsModule>['reports'];
  contacts: ServicesOf<typeof contactsModule>['contacts'];
  payments: ServicesOf<typeof paymentsModule>['reports'];
}

/** Period sums in one currency per VAT rate, amounts fixed to 2 places. */
function rateRows(rows: { currency: string; vatRate: number; base: string; vat: string; total: string }[]): RateRow[] {
  return rows.map((r) => ({
    currency: r.currency,
    vatRate: r.vatRate,
    base: fixed(r.base),
    vat: fixed(r.vat),
    total: fixed(r.total),
  }));
}

export class ReportsService {
  constructor(private readonly sources: ReportSources) {}

  async vat(ctx: RequestContext, query: unknown): Promise<VatReport> {
    const period = this.period(query);
    // Output VAT in CZK by DUZP: a foreign-currency document counts its amounts converted at its exchange rate.
    const supplied = this.reportedDocuments(ctx, period, 'supplied');
    const rates = rateRows(await this.sources.documents.czkRatesOf(ctx.em, supplied));
    const sales = reverseChargeSales(await this.sources.documents.reverseChargeSalesOf(ctx.em, supplied));
    const claimed = { organizationId: orgId(ctx), start: period.start, end: period.end };
    const input = rateRows(await this.sources.costs.ratesOf(ctx.em, claimed, false));
    const reverseCharge = rateRows(await this.sources.costs.ratesOf(ctx.em, claimed, true));
    return {
      from: period.from,
      to: period.to,
      rates,
      totals: totalsPerCurrency(rates),
      input,
      reverseCharge,
      reverseChargeSales: sales,
      balance: vatBalance(rates, input, reverseCharge),
    };
  }

  async controlStatement(ctx: RequestContext, query: unknown): Promise<ControlStatement> {
    const { period } = parseInput(controlStatementInput, query);
    const start = dayjs.tz(`${period}-01`, CZ_TZ);
    const range = { start: start.toDate(), end: start.add(1, 'month').toDate() };
    const limit = LIMIT.toFixed();
    const issued = await this.sources.documents.controlStatementOf(
      ctx.em,
      this.reportedDocuments(ctx, range, 'supplied'),
      'CZK',
      limit,
    );
    const contactIds = [...new Set(issued.documents.flatMap((d) => (d.contactId ? [d.contactId] : [])))];
    const contactVatIds = await this.sources.contacts.vatIdsOf(ctx.em, orgId(ctx), contactIds);
    // The DIČ the document kept at issue; a document issued before it kept one reads its contact's.
    const vatIdOf = (d: (typeof issued.documents)[number]) =>
      d.customerVatId || (d.contactId && contactVatIds.get(d.contactId)) || null;
    // § 92a sales go to A.1; EU supplies to the recapitulative statement, not to the control statement.
    const a1 = domesticReverseChargeRows(issued.documents, vatIdOf);
    const candidates = issued.documents
      .filter((d) => !d.reverseCharge)
      .map((d) => ({ ...d, vatId: vatIdOf(d), supplyDate: d.suppliedAt }));
    const claimed = { organizationId: orgId(ctx), ...range };
    const received = await this.sources.costs.overLimitOf(ctx.em, claimed, 'CZK', limit);
    const costs = received.costs.map((c) => ({ ...c, vatId: c.supplierVatId, supplyDate: c.taxableSupplyDate }));
    return {
      ...buildControlStatement(period, { candidates, sums: issued.sums }, { candidates: costs, sums: received.sums }),
      a1,
    };
  }

  async sales(ctx: RequestContext, query: unknown): Promise<SalesReport> {
    const period = this.period(query);
    const rows = await this.sources.documents.totalsOf(ctx.em, this.reportedDocuments(ctx, period));
    return {
      from: period.from,
      to: period.to,
      byRate: await this.byRate(ctx, period),
      totals: rows.map((r) => ({
        currency: r.currency,
        documentCount: r.count,
        base: fixed(r.base),
        vat: fixed(r.vat),
        total: fixed(r.total),
        paidAmount: fixed(r.paid),
        outstandingAmount: new BigNumber(r.total).minus(r.paid).toFixed(2),
      })),
      czkTotal: czkTotalOf(rows),
    };
  }

  private period(query: unknown): { from: string; to: string; start: Date; end: Date } {
    const { from, to } = parseInput(periodInput, query);
    if (to < from)
      throw new ValidationError('The period ends before it starts', [
        { path: 'to', message: 'must not be before from' },
      ]);
    return { from, to, start: dayjs.tz(from, CZ_TZ).toDate(), end: dayjs.tz(to, CZ_TZ).add(1, 'day').toDate() };
  }

  /** Sums of the document lines per (currency, VAT rate) of the documents issued in the period. */
  private async byRate(ctx: RequestContext, period: { start: Date; end: Date }): Promise<RateRow[]> {
    return rateRows(await this.sources.documents.ratesOf(ctx.em, this.reportedDocuments(ctx, period)));
  }

  /** The counted documents of the period, limited to the caller's departments when it has any limit. */
  private reportedDocuments(
    ctx: RequestContext,
    period: { start: Date; end: Date },
    periodOf: 'issued' | 'supplied' = 'issued',
  ): Parameters<ReportSources['documents']['ratesOf']>[1] {
    const { principal } = authed(ctx);
    return {
      organizationId: principal.organization.id,
      types: REPORTED_TYPES,
      statuses: REPORTED_STATUSES,
      start: period.start,
      end: period.end,
      departmentIds: principal.departmentIds,
      period: periodOf,
    };
  }
}
