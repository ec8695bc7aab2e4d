import type { EntityManager } from '@mikro-orm/postgresql';
import { reportedCurrency, reportedSums21And12, reportedTotal } from '../../core/czk-amounts.queries';
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
 * The control statement's claimed costs without reverse charge, of one currency (CZK: with those converted at
 * their rate, their total in CZK), one row per cost with its lines summed at 21 and 12 %, by claim date and
 * number: those from a supplier with a DIČ, with an amount at 21 or 12 % and a total over the limit by its
 * absolute value (the last parameter); then, last, one row with a null id: the sums at 21 and 12 % of every
 * such cost. SQL sums the lines, so the app reads only the costs it lists (docs/benchmarks.md, issue 31 point 3).
 */
const CLAIMED_OVER_LIMIT = sql(`
  WITH per_cost AS (
    SELECT c.id, c.number, NULLIF(c.supplier->>'vatId', '') AS supplier_vat_id, c.supplier_document_number,
           c.taxable_supply_date, c.vat_claim_date, ${reportedTotal('c')} AS total,
           s.base21, s.vat21, s.base12, s.vat12
      FROM costs c ${reportedSums21And12('c')}
     WHERE ${CLAIMED} AND NOT c.reverse_charge AND ${REPORTED_CURRENCY} = ?)
  SELECT id, number, supplier_vat_id, supplier_document_number, taxable_supply_date, total, base21, vat21, base12, vat12
    FROM (
      SELECT *
        FROM per_cost
       WHERE supplier_vat_id IS NOT NULL AND abs(total) > ?::numeric
         AND (base21 <> 0 OR vat21 <> 0 OR base12 <> 0 OR vat12 <> 0)
      UNION ALL
      SELECT NULL, NULL, NULL, NULL, NULL, NULL, NULL,
             COALESCE(SUM(base21), 0), COALESCE(SUM(vat21), 0), COALESCE(SUM(base12), 0), COALESCE(SUM(vat12), 0)
        FROM per_cost
    ) listed
   ORDER BY id IS NULL, vat_claim_date, number, id`);

/** A row of CLAIMED_OVER_LIMIT: a cost, or (id null) the sums of all. */
export interface ClaimedOverLimitRow {
  id: string | null;
  number: string;
  supplier_vat_id: string;
  supplier_document_number: string | null;
  taxable_supply_date: Date;
  total: string;
  base21: string;
  vat21: string;
  base12: string;
  vat12: string;
}

export function claimedOverLimit(
  em: EntityManager,
  f: ClaimedCosts,
  currency: string,
  limit: string,
): Promise<ClaimedOverLimitRow[]> {
  return query(em, CLAIMED_OVER_LIMIT, [f.organizationId, f.start, f.end, currency, limit]);
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
export const COST_CLAIMED_OVER_LIMIT = CLAIMED_OVER_LIMIT;
