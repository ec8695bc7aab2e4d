import type { EntityManager } from '@mikro-orm/postgresql';
import { reportedCurrency, reportedLines, reportedTotal } from '../../core/czk-amounts.queries';
import { query, sql } from '../../core/db/sql';

/** An OPEN cost an outgoing payment may settle automatically. */
export interface CostCandidate {
  id: string;
  number: string;
  currency: string;
  variable_symbol: string;
  remaining: string;
}

/**
 * OPEN costs with one of these normalized variable symbols (leading zeros dropped), locked FOR UPDATE
 * in id order. What remains is what the supplier is paid (see amountDue) minus what was paid.
 */
const LOCK_OPEN_BY_SYMBOLS = sql(`
  SELECT id, number, currency, variable_symbol,
         (CASE WHEN reverse_charge THEN subtotal ELSE total END - paid_amount)::text AS remaining
    FROM costs
   WHERE organization_id = ? AND status = 'OPEN' AND ltrim(variable_symbol, '0') = ANY(?::text[])
   ORDER BY id
   FOR UPDATE`);

export function lockOpenBySymbols(
  em: EntityManager,
  organizationId: string,
  symbols: string[],
): Promise<CostCandidate[]> {
  return query(em, LOCK_OPEN_BY_SYMBOLS, [organizationId, symbols]);
}

/** Costs deducted in [start, end) (vatClaimDate), never cancelled. */
export interface ClaimedCosts {
  organizationId: string;
  start: Date;
  end: Date;
}

const CLAIMED = `c.organization_id = ? AND c.status <> 'CANCELLED' AND c.vat_claim_date >= ? AND c.vat_claim_date < ?`;
/** The lines of `c` per VAT rate in CZK (vat_rates_czk, Migration0032) when it has them, else in its own currency. */
const REPORTED_LINES = reportedLines('c');
const REPORTED_CURRENCY = reportedCurrency('c');

/**
 * The lines of claimed costs with or without reverse charge, per (currency, rate), higher rates first; in CZK
 * wherever the cost has its CZK amounts. From the per-day sums (cost_day_rates, Migration0042DocumentDayTotals:
 * kept by a trigger on costs in the transaction of every change).
 */
const CLAIMED_DAYS = `t.organization_id = ? AND t.period = 'CLAIMED'
  AND t.day >= (?::timestamptz AT TIME ZONE 'Europe/Prague')::date AND t.day < (?::timestamptz AT TIME ZONE 'Europe/Prague')::date`;
const IN_CZK = (column: string) => `CASE WHEN t.has_czk THEN t.${column}_czk ELSE t.${column} END`;
const RATES_OF_CLAIMED = sql(`
  SELECT CASE WHEN t.has_czk THEN 'CZK' ELSE t.currency END AS currency, t.vat_rate,
         SUM(${IN_CZK('base')}) AS base, SUM(${IN_CZK('vat')}) AS vat, SUM(${IN_CZK('total')}) AS total
    FROM cost_day_rates t
   WHERE ${CLAIMED_DAYS} AND t.reverse_charge = ?
   GROUP BY 1, 2 HAVING SUM(t.n) <> 0 ORDER BY 1, 2 DESC`);

export function ratesOfClaimed(
  em: EntityManager,
  f: ClaimedCosts,
  reverseCharge: boolean,
): Promise<{ currency: string; vat_rate: string; base: string; vat: string; total: string }[]> {
  return query(em, RATES_OF_CLAIMED, [f.organizationId, f.start, f.end, reverseCharge]);
}

/**
 * One claimed cost without reverse charge, of one currency, per VAT rate: a row per (cost, rate), by
 * claim date and number; in CZK wherever the cost has its CZK amounts (so `currency` CZK takes
 * foreign-currency costs too, their total in CZK).
 */
const CLAIMED_BY_RATE = sql(`
  SELECT c.id, c.number, NULLIF(c.supplier->>'vatId', '') AS supplier_vat_id, c.supplier_document_number,
         c.taxable_supply_date, ${reportedTotal('c')} AS total, l.vat_rate, SUM(l.base) AS base, SUM(l.vat) AS vat
    FROM costs c ${REPORTED_LINES}
   WHERE ${CLAIMED} AND NOT c.reverse_charge AND ${REPORTED_CURRENCY} = ?
   GROUP BY c.id, l.vat_rate
   ORDER BY c.vat_claim_date, c.number, c.id, l.vat_rate DESC`);

export interface ClaimedRateRow {
  id: string;
  number: string;
  supplier_vat_id: string | null;
  supplier_document_number: string | null;
  taxable_supply_date: Date;
  total: string;
  vat_rate: string;
  base: string;
  vat: string;
}

export function claimedByRate(em: EntityManager, f: ClaimedCosts, currency: string): Promise<ClaimedRateRow[]> {
  return query(em, CLAIMED_BY_RATE, [f.organizationId, f.start, f.end, currency]);
}

/**
 * Per period unit (date_trunc's field; its first day, YYYY-MM-DD) of Czech days: the totals in CZK of the
 * costs issued in [start, end) and the input VAT in CZK of those claimed in it without reverse charge (as the
 * VAT report deducts it); cancelled costs and those without CZK amounts left out. From cost_day_rates.
 */
const PERIOD_SUMS = sql(`
  SELECT to_char(date_trunc(?, t.day::timestamp), 'YYYY-MM-DD') AS period,
         COALESCE(SUM(t.total_czk) FILTER (WHERE t.period = 'ISSUED'), 0) AS total,
         COALESCE(SUM(t.vat_czk) FILTER (WHERE t.period = 'CLAIMED' AND NOT t.reverse_charge), 0) AS input_vat
    FROM cost_day_rates t
   WHERE t.organization_id = ? AND t.has_czk
     AND t.day >= (?::timestamptz AT TIME ZONE 'Europe/Prague')::date AND t.day < (?::timestamptz AT TIME ZONE 'Europe/Prague')::date
   GROUP BY 1 ORDER BY 1`);

export function costPeriodSums(
  em: EntityManager,
  f: ClaimedCosts,
  unit: string,
): Promise<{ period: string; total: string; input_vat: string }[]> {
  return query(em, PERIOD_SUMS, [unit, f.organizationId, f.start, f.end]);
}

/** For the benchmark's EXPLAIN ANALYZE (scripts/bench/statistics.ts). */
export const COST_PERIOD_SUMS = PERIOD_SUMS;
export const COST_RATES_OF_CLAIMED = RATES_OF_CLAIMED;
export const COST_CLAIMED_BY_RATE = CLAIMED_BY_RATE;
