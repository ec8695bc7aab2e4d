import BigNumber from 'bignumber.js';
import { CZ_TZ, dayjs } from '../../core/clock';
import { authed, type RequestContext } from '../../core/ctx';
import { departmentCondition } from '../../core/departments';
import { ValidationError } from '../../core/errors';
import { czechDay } from '../../core/fields';
import { parseInput, z } from '../../core/validation';
import {
  buildControlStatement,
  controlStatementInput,
  issuedLines,
  receivedLines,
  type ControlStatement,
} from './control-statement';
import { costRatesOf, vatBalance, type VatBalance } from './input-vat';
import { totalsPerCurrency, type CurrencyTotals, type RateRow } from './vat-totals';

/**
 * Which documents count: tax documents only — INVOICE and CREDIT_NOTE (credit notes with their own
 * sign, so a negative credit note lowers the sums) — that were issued: ISSUED, SENT, PAID, or
 * ARCHIVED unless they had been cancelled. DRAFT and CANCELLED are excluded, and so are PROFORMA
 * (an advance request, not a taxable supply), QUOTE, ORDER and DELIVERY_NOTE. The period is a range
 * of Czech calendar days of issuedAt, both ends inclusive. Amounts are per currency: nothing is converted.
 */
export const REPORTED_TYPES = ['INVOICE', 'CREDIT_NOTE'] as const;
export const REPORTED_STATUSES = ['ISSUED', 'SENT', 'PAID', 'ARCHIVED'] as const;

export const periodInput = z.object({ from: czechDay(), to: czechDay() });

export interface VatReport {
  from: string;
  to: string;
  /** Output VAT: the documents' lines per (currency, rate). */
  rates: RateRow[];
  totals: CurrencyTotals[];
  /** Input VAT: the lines of received costs deducted in the period (vatClaimDate), without reverse charge. */
  input: RateRow[];
  /** Reverse-charge costs: VAT the company self-assesses and deducts in the same period. */
  reverseCharge: RateRow[];
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
}

const fixed = (v: string | number | null) => new BigNumber(v ?? 0).toFixed(2);

export class ReportsService {
  async vat(ctx: RequestContext, query: unknown): Promise<VatReport> {
    const period = this.period(query);
    const rates = await this.byRate(ctx, period);
    const input = await costRatesOf(ctx, period, false);
    const reverseCharge = await costRatesOf(ctx, period, true);
    return {
      from: period.from,
      to: period.to,
      rates,
      totals: totalsPerCurrency(rates),
      input,
      reverseCharge,
      balance: vatBalance(rates, input, reverseCharge),
    };
  }

  async controlStatement(ctx: RequestContext, query: unknown): Promise<ControlStatement> {
    const { period } = parseInput(controlStatementInput, query);
    const start = dayjs.tz(`${period}-01`, CZ_TZ);
    const range = { start: start.toDate(), end: start.add(1, 'month').toDate() };
    return buildControlStatement(
      period,
      await issuedLines(ctx, this.reportedDocuments(ctx, range)),
      await receivedLines(ctx, range),
    );
  }

  async sales(ctx: RequestContext, query: unknown): Promise<SalesReport> {
    const period = this.period(query);
    const { sql, params } = this.reportedDocuments(ctx, period);
    const rows = await ctx.em.execute<
      { currency: string; n: string; base: string; vat: string; total: string; paid: string }[]
    >(
      `SELECT d.currency, COUNT(*) AS n, SUM(d.subtotal) AS base, SUM(d.vat_total) AS vat, SUM(d.total) AS total, SUM(d.paid_amount) AS paid
         FROM documents d WHERE ${sql} GROUP BY d.currency ORDER BY d.currency`,
      params,
    );
    return {
      from: period.from,
      to: period.to,
      byRate: await this.byRate(ctx, period),
      totals: rows.map((r) => ({
        currency: r.currency,
        documentCount: Number(r.n),
        base: fixed(r.base),
        vat: fixed(r.vat),
        total: fixed(r.total),
        paidAmount: fixed(r.paid),
        outstandingAmount: new BigNumber(r.total).minus(r.paid).toFixed(2),
      })),
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

  /** Sums of the document lines per (currency, VAT rate). */
  private async byRate(ctx: RequestContext, period: { start: Date; end: Date }): Promise<RateRow[]> {
    const { sql, params } = this.reportedDocuments(ctx, period);
    const rows = await ctx.em.execute<
      { currency: string; vat_rate: string; base: string; vat: string; total: string }[]
    >(
      `SELECT d.currency, (i->>'vatRate')::numeric AS vat_rate,
              SUM((i->>'base')::numeric) AS base, SUM((i->>'vat')::numeric) AS vat, SUM((i->>'total')::numeric) AS total
         FROM documents d CROSS JOIN LATERAL jsonb_array_elements(d.items) AS i
        WHERE ${sql}
        GROUP BY 1, 2 ORDER BY 1, 2 DESC`,
      params,
    );
    return rows.map((r) => ({
      currency: r.currency,
      vatRate: Number(r.vat_rate),
      base: fixed(r.base),
      vat: fixed(r.vat),
      total: fixed(r.total),
    }));
  }

  /** The WHERE clause of counted documents, limited to the caller's departments when it has any limit. */
  private reportedDocuments(
    ctx: RequestContext,
    period: { start: Date; end: Date },
  ): { sql: string; params: unknown[] } {
    const { principal } = authed(ctx);
    let sql = `d.organization_id = ? AND d.type IN ('INVOICE','CREDIT_NOTE') AND d.status IN ('ISSUED','SENT','PAID','ARCHIVED')
      AND d.cancelled_at IS NULL AND d.issued_at >= ? AND d.issued_at < ?`;
    const params: unknown[] = [principal.organization.id, period.start, period.end];
    const departments = departmentCondition(principal, 'd.department_id');
    return { sql: sql + departments.sql, params: [...params, ...departments.params] };
  }
}
