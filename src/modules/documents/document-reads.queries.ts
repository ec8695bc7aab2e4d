import type { EntityManager } from '@mikro-orm/postgresql';
import { reportedCurrency, reportedLines } from '../../core/czk-amounts.queries';
import { query, sql } from '../../core/db/sql';
import type { ReverseChargeRegime } from './reverse-charge';

/**
 * Documents of some types and statuses, issued in [start, end) and never cancelled, of the given
 * departments (null: of any department or none). The first parameters of every report statement below.
 */
export interface IssuedDocuments {
  organizationId: string;
  types: readonly string[];
  statuses: readonly string[];
  start: Date;
  end: Date;
  departmentIds: readonly string[] | null;
  /** What [start, end) holds: the issue date (default), or the taxable supply date (DUZP; the issue date unless set) as VAT is due then. */
  period?: 'issued' | 'supplied';
}

const ISSUED = `d.organization_id = ? AND d.type = ANY(?::text[]) AND d.status = ANY(?::text[])
  AND d.cancelled_at IS NULL AND d.issued_at >= ? AND d.issued_at < ?
  AND (?::uuid[] IS NULL OR d.department_id = ANY(?::uuid[]))`;
const SUPPLIED_AT = 'COALESCE(d.taxable_supply_date, d.issued_at)';

/** A report statement in both variants of IssuedDocuments.period, built from its WHERE clause. */
function byPeriod(build: (where: string) => string): Record<'issued' | 'supplied', ReturnType<typeof sql>> {
  return { issued: sql(build(ISSUED)), supplied: sql(build(ISSUED.replaceAll('d.issued_at', SUPPLIED_AT))) };
}

function issuedValues(f: IssuedDocuments): unknown[] {
  return [f.organizationId, f.types, f.statuses, f.start, f.end, f.departmentIds, f.departmentIds];
}

/** The lines of `d` per VAT rate as the VAT report counts them: in CZK when it has its CZK amounts (Migration0026ExchangeRates). */
const REPORTED_LINES = reportedLines('d');
const REPORTED_CURRENCY = reportedCurrency('d');

/**
 * One document's lines summed per VAT rate: a row per (document, rate), documents in issue order; in
 * CZK wherever the document has its CZK amounts (so `currency` CZK takes foreign-currency documents too).
 */
const ISSUED_BY_RATE = byPeriod(
  (where) => `
  SELECT d.id, d.number, d.contact_id, NULLIF(d.customer_details->>'vatId', '') AS customer_vat_id,
         d.reverse_charge_regime, d.reverse_charge_code, d.issued_at, ${SUPPLIED_AT} AS supplied_at, CASE WHEN d.vat_rates_czk IS NULL THEN d.total ELSE d.total_czk END AS total, l.vat_rate,
         SUM(l.base) AS base, SUM(l.vat) AS vat
    FROM documents d ${REPORTED_LINES}
   WHERE ${where} AND ${REPORTED_CURRENCY} = ?
   GROUP BY d.id, l.vat_rate
   ORDER BY d.issued_at, d.number, d.id, vat_rate DESC`,
);

export interface IssuedRateRow {
  id: string;
  number: string;
  contact_id: string | null;
  customer_vat_id: string | null;
  reverse_charge_regime: ReverseChargeRegime | null;
  reverse_charge_code: string | null;
  issued_at: Date;
  supplied_at: Date;
  total: string;
  vat_rate: string;
  base: string;
  vat: string;
}

export function issuedByRate(em: EntityManager, f: IssuedDocuments, currency: string): Promise<IssuedRateRow[]> {
  return query(em, ISSUED_BY_RATE[f.period ?? 'issued'], [...issuedValues(f), currency]);
}

/**
 * Unpaid documents (of `types` in `statuses`) with one of these normalized variable symbols
 * (leading zeros dropped), locked FOR UPDATE in id order; `departmentIds` null: any department.
 */
const LOCK_BY_SYMBOLS = sql(`
  SELECT id, number, currency, variable_symbol, (total + credited_amount - paid_amount)::text AS remaining
    FROM documents
   WHERE organization_id = ? AND status = ANY(?::text[]) AND type = ANY(?::text[])
     AND ltrim(variable_symbol, '0') = ANY(?::text[])
     AND (?::uuid[] IS NULL OR department_id = ANY(?::uuid[]))
   ORDER BY id
   FOR UPDATE`);

export interface PayableRow {
  id: string;
  number: string;
  currency: string;
  variable_symbol: string;
  remaining: string;
}

export interface PayableDocuments {
  organizationId: string;
  types: readonly string[];
  statuses: readonly string[];
  departmentIds: readonly string[] | null;
}

export function lockBySymbols(em: EntityManager, f: PayableDocuments, symbols: string[]): Promise<PayableRow[]> {
  return query(em, LOCK_BY_SYMBOLS, [f.organizationId, f.statuses, f.types, symbols, f.departmentIds, f.departmentIds]);
}

/**
 * For each payment, the unpaid document of its currency that it most likely pays: one with the same
 * normalized variable symbol first (the remaining amount equal to the payment before others), else
 * one whose remaining amount equals the payment, earliest due first. One statement for all of them
 * (a page of payments is one query, not one per row); `ord` is the payment's 1-based position.
 */
const LIKELY_PAID_BY = sql(`
  SELECT p.ord, found.*
    FROM unnest(?::text[], ?::text[], ?::numeric[]) WITH ORDINALITY AS p(symbol, currency, amount, ord)
   CROSS JOIN LATERAL (
     SELECT d.id, d.number, d.client_name, d.currency, (d.total + d.credited_amount - d.paid_amount)::numeric(14,2)::text AS remaining,
            (p.symbol <> '' AND ltrim(d.variable_symbol, '0') = p.symbol) AS by_symbol
       FROM documents d
      WHERE d.organization_id = ? AND d.status = ANY(?::text[]) AND d.type = ANY(?::text[]) AND d.currency = p.currency
        AND ((p.symbol <> '' AND ltrim(d.variable_symbol, '0') = p.symbol) OR d.total + d.credited_amount - d.paid_amount = p.amount)
        AND (?::uuid[] IS NULL OR d.department_id = ANY(?::uuid[]))
      ORDER BY by_symbol DESC, (d.total + d.credited_amount - d.paid_amount = p.amount) DESC, d.due_at, d.id
      LIMIT 1
   ) found`);

export interface LikelyRow {
  ord: string;
  id: string;
  number: string;
  client_name: string | null;
  currency: string;
  remaining: string;
  by_symbol: boolean;
}

/** A payment as the lookup reads it: `symbol` is its variable symbol without leading zeros ('' for none). */
export interface PaymentClue {
  currency: string;
  amount: string;
  symbol: string;
}

export async function likelyPaidBy(
  em: EntityManager,
  f: PayableDocuments,
  payments: readonly PaymentClue[],
): Promise<(LikelyRow | null)[]> {
  if (payments.length === 0) return [];
  const rows = await query<LikelyRow>(em, LIKELY_PAID_BY, [
    payments.map((p) => p.symbol),
    payments.map((p) => p.currency),
    payments.map((p) => p.amount),
    f.organizationId,
    f.statuses,
    f.types,
    f.departmentIds,
    f.departmentIds,
  ]);
  const found: (LikelyRow | null)[] = payments.map(() => null);
  for (const row of rows) found[Number(row.ord) - 1] = row;
  return found;
}
