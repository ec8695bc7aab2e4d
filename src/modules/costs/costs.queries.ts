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

/** The lines of claimed costs with or without reverse charge, per (currency, rate), higher rates first; in CZK wherever the cost has its CZK amounts. */
const RATES_OF_CLAIMED = sql(`
  SELECT ${REPORTED_CURRENCY} AS currency, l.vat_rate, SUM(l.base) AS base, SUM(l.vat) AS vat, SUM(l.total) AS total
    FROM costs c ${REPORTED_LINES}
   WHERE ${CLAIMED} AND c.reverse_charge = ?
   GROUP BY 1, 2 ORDER BY 1, 2 DESC`);

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
 * VAT report deducts it); cancelled costs and those without CZK amounts left out.
 */
const PERIOD_SUMS = sql(`
  SELECT to_char(date_trunc(?, day), 'YYYY-MM-DD') AS period, COUNT(*) FILTER (WHERE issued) AS n,
         SUM(total) AS total, SUM(input_vat) AS input_vat
    FROM (SELECT c.issued_at AT TIME ZONE 'Europe/Prague' AS day, c.total_czk AS total, 0 AS input_vat, true AS issued
            FROM costs c
           WHERE c.organization_id = ? AND c.status <> 'CANCELLED' AND c.total_czk IS NOT NULL
             AND c.issued_at >= ? AND c.issued_at < ?
          UNION ALL
          SELECT c.vat_claim_date AT TIME ZONE 'Europe/Prague', 0, c.vat_total_czk, false
            FROM costs c
           WHERE ${CLAIMED} AND NOT c.reverse_charge AND c.vat_total_czk IS NOT NULL) x
   GROUP BY 1 ORDER BY 1`);

export function costPeriodSums(
  em: EntityManager,
  f: ClaimedCosts,
  unit: string,
): Promise<{ period: string; n: string; total: string; input_vat: string }[]> {
  return query(em, PERIOD_SUMS, [unit, f.organizationId, f.start, f.end, f.organizationId, f.start, f.end]);
}

/** For the benchmark's EXPLAIN ANALYZE (scripts/bench/statistics.ts). */
export const COST_PERIOD_SUMS = PERIOD_SUMS;
