import type { EntityManager } from '@mikro-orm/postgresql';
import { czechDate } from '../../core/clock';
import { query, sql } from '../../core/db/sql';
import { grainRanges } from './day-grains';

/**
 * Reads of the per-day sums of the counted documents (Migration0042DocumentDayTotals: the tables and the
 * trigger keeping them exact). Every statement takes the same first parameters: the company, the
 * document types, the period (ISSUED or SUPPLIED; where the table has it), the first and the day after the
 * last Czech day (instants at Prague midnight, as the reports compute them), and the departments (null:
 * any department or none).
 */
export interface CountedDays {
  organizationId: string;
  types: readonly string[];
  start: Date;
  end: Date;
  departmentIds: readonly string[] | null;
}

const DAYS = `t.organization_id = ? AND t.type = ANY(?::text[]) AND t.period = ?
  AND t.day >= (?::timestamptz AT TIME ZONE 'Europe/Prague')::date AND t.day < (?::timestamptz AT TIME ZONE 'Europe/Prague')::date
  AND (?::uuid[] IS NULL OR t.department_id = ANY(?::uuid[]))`;
/**
 * For the tables of grains (per contact and per item: issue days of every counted type): the rows of the
 * ranges of grainRanges, of the departments; a LATERAL subquery kept apart (OFFSET 0), so each range is an
 * index range scan (as a join the planner read the whole table: 265–307 ms of 1,000,000 documents' rows instead
 * of their 25,000).
 */
const GRAINS = `unnest(?::text[], ?::date[], ?::date[]) AS r(grain, low, high)
  CROSS JOIN LATERAL (
    SELECT * FROM %TABLE% t
     WHERE t.organization_id = ? AND t.grain = r.grain AND t.day BETWEEN r.low AND r.high
       AND (?::uuid[] IS NULL OR t.department_id = ANY(?::uuid[]))
    OFFSET 0) t`;

export type DayPeriod = 'ISSUED' | 'SUPPLIED';

function dayValues(f: CountedDays, period: DayPeriod): unknown[] {
  return [f.organizationId, f.types, period, f.start, f.end, f.departmentIds, f.departmentIds];
}

function grainValues(f: CountedDays): unknown[] {
  const { grains, lows, highs } = grainRanges(czechDate(f.start), czechDate(new Date(f.end.getTime() - 1)));
  return [grains, lows, highs, f.organizationId, f.departmentIds, f.departmentIds];
}

/** Amount of a row in the currency the VAT report counts: CZK when the documents have their CZK amounts. */
const REPORTED = (column: string) => `CASE WHEN t.has_czk THEN t.${column}_czk ELSE t.${column} END`;

const TOTALS = sql(`
  SELECT t.currency, SUM(t.n) AS n, SUM(t.base) AS base, SUM(t.vat) AS vat, SUM(t.total) AS total, SUM(t.paid) AS paid,
         COALESCE(SUM(t.n) FILTER (WHERE t.has_czk), 0) AS n_czk, SUM(t.base_czk) AS base_czk,
         SUM(t.vat_czk) AS vat_czk, SUM(t.total_czk) AS total_czk
    FROM document_day_totals t
   WHERE ${DAYS}
   GROUP BY t.currency HAVING SUM(t.n) <> 0 ORDER BY t.currency`);

export interface DayTotalsRow {
  currency: string;
  n: string;
  base: string;
  vat: string;
  total: string;
  paid: string;
  n_czk: string;
  base_czk: string;
  vat_czk: string;
  total_czk: string;
}

/** Per currency: count and sums, and (n_czk, *_czk) those of its documents that have their CZK amounts. */
export function dayTotals(em: EntityManager, f: CountedDays, period: DayPeriod): Promise<DayTotalsRow[]> {
  return query(em, TOTALS, dayValues(f, period));
}

const RATES = sql(`
  SELECT t.currency, t.vat_rate, SUM(t.base) AS base, SUM(t.vat) AS vat, SUM(t.total) AS total
    FROM document_day_rates t
   WHERE ${DAYS}
   GROUP BY 1, 2 HAVING SUM(t.n) <> 0 ORDER BY 1, 2 DESC`);

type RateRow = { currency: string; vat_rate: string; base: string; vat: string; total: string };

/** The lines per (currency, VAT rate) in the documents' currencies, higher rates first. */
export function dayRates(em: EntityManager, f: CountedDays, period: DayPeriod): Promise<RateRow[]> {
  return query(em, RATES, dayValues(f, period));
}

const CZK_RATES = sql(`
  SELECT CASE WHEN t.has_czk THEN 'CZK' ELSE t.currency END AS currency, t.vat_rate,
         SUM(${REPORTED('base')}) AS base, SUM(${REPORTED('vat')}) AS vat, SUM(${REPORTED('total')}) AS total
    FROM document_day_rates t
   WHERE ${DAYS} AND NOT t.reverse_charge
   GROUP BY 1, 2 HAVING SUM(t.n) <> 0 ORDER BY 1, 2 DESC`);

/** As dayRates in CZK wherever the documents have their CZK amounts (the VAT report), reverse charge left out. */
export function dayCzkRates(em: EntityManager, f: CountedDays, period: DayPeriod): Promise<RateRow[]> {
  return query(em, CZK_RATES, dayValues(f, period));
}

const REVERSE_CHARGE_SALES = sql(`
  SELECT t.reverse_charge_regime AS regime, SUM(${REPORTED('base')}) AS base
    FROM document_day_totals t
   WHERE ${DAYS} AND t.reverse_charge_regime IS NOT NULL
   GROUP BY 1 HAVING SUM(t.n) <> 0 ORDER BY 1`);

/** The bases of reverse-charge documents per regime, in CZK where they have CZK amounts. */
export function dayReverseChargeSales(
  em: EntityManager,
  f: CountedDays,
  period: DayPeriod,
): Promise<{ regime: string; base: string }[]> {
  return query(em, REVERSE_CHARGE_SALES, dayValues(f, period));
}

/** Units of the statistics' periods: date_trunc's fields (an ISO week starts on Monday). */
export type PeriodUnit = 'day' | 'week' | 'month' | 'quarter' | 'year';

const PERIOD_SUMS = sql(`
  SELECT to_char(date_trunc(?, t.day::timestamp), 'YYYY-MM-DD') AS period,
         COALESCE(SUM(t.n) FILTER (WHERE t.period = 'ISSUED' AND t.has_czk), 0) AS n,
         COALESCE(SUM(t.base_czk) FILTER (WHERE t.period = 'ISSUED'), 0) AS base,
         COALESCE(SUM(t.vat_czk) FILTER (WHERE t.period = 'ISSUED'), 0) AS vat,
         COALESCE(SUM(t.total_czk) FILTER (WHERE t.period = 'ISSUED'), 0) AS total,
         COALESCE(SUM(t.paid_czk) FILTER (WHERE t.period = 'ISSUED'), 0) AS paid,
         COALESCE(SUM(t.vat_czk) FILTER (WHERE t.period = 'SUPPLIED' AND t.reverse_charge_regime IS NULL), 0) AS output_vat,
         COALESCE(SUM(t.n) FILTER (WHERE t.period = 'ISSUED' AND NOT t.has_czk), 0) AS n_unconverted,
         COALESCE(SUM(t.n_paid) FILTER (WHERE t.period = 'ISSUED' AND t.type = 'INVOICE'), 0) AS n_paid,
         COALESCE(SUM(t.days_to_payment) FILTER (WHERE t.period = 'ISSUED' AND t.type = 'INVOICE'), 0) AS days_to_payment
    FROM document_day_totals t
   WHERE t.organization_id = ? AND t.type = ANY(?::text[])
     AND t.day >= (?::timestamptz AT TIME ZONE 'Europe/Prague')::date AND t.day < (?::timestamptz AT TIME ZONE 'Europe/Prague')::date
     AND (?::uuid[] IS NULL OR t.department_id = ANY(?::uuid[]))
   GROUP BY 1 ORDER BY 1`);

export interface PeriodSumsRow {
  /** The first day of the period unit (YYYY-MM-DD), possibly before the range's first day. */
  period: string;
  n: string;
  base: string;
  vat: string;
  total: string;
  paid: string;
  output_vat: string;
  n_unconverted: string;
  n_paid: string;
  days_to_payment: string;
}

/**
 * Per period unit, in CZK: the documents issued (count, base, VAT, total, paid at their rate; of the paid
 * invoices, their count and the days from issue to payment) and the output VAT of those supplied, reverse charge left out.
 */
export function periodSums(em: EntityManager, f: CountedDays, unit: PeriodUnit): Promise<PeriodSumsRow[]> {
  return query(em, PERIOD_SUMS, [unit, f.organizationId, f.types, f.start, f.end, f.departmentIds, f.departmentIds]);
}

const TOP_CONTACTS = sql(`
  SELECT top.contact_id, c.name, top.revenue, top.n
    FROM (SELECT t.contact_id, SUM(t.revenue_czk) AS revenue, SUM(t.n) AS n
            FROM ${GRAINS.replace('%TABLE%', 'document_day_contacts')}
           GROUP BY t.contact_id HAVING SUM(t.n) <> 0
           ORDER BY revenue DESC, t.contact_id LIMIT ?) top
    LEFT JOIN contacts c ON c.id = top.contact_id
   ORDER BY top.revenue DESC, top.contact_id`);

/** The contacts with the highest base in CZK of the documents issued to them. */
export function topContacts(
  em: EntityManager,
  f: CountedDays,
  limit: number,
): Promise<{ contact_id: string; name: string | null; revenue: string; n: string }[]> {
  return query(em, TOP_CONTACTS, [...grainValues(f), limit]);
}

const TOP_ITEMS = sql(`
  SELECT t.name, SUM(t.revenue_czk) AS revenue, SUM(t.quantity) AS quantity
    FROM ${GRAINS.replace('%TABLE%', 'document_day_items')}
   GROUP BY t.name HAVING SUM(t.n) <> 0
   ORDER BY revenue DESC, t.name LIMIT ?`);

/** The item names with the highest base in CZK on the documents issued, with their quantities. */
export function topItems(
  em: EntityManager,
  f: CountedDays,
  limit: number,
): Promise<{ name: string; revenue: string; quantity: string }[]> {
  return query(em, TOP_ITEMS, [...grainValues(f), limit]);
}

/**
 * Unpaid invoices as of a Czech day, in buckets of days past their due day (0 or less: not yet due): count
 * and what remains in CZK at each one's rate (Migration0042's document_day_receivables).
 */
const AGING = sql(`
  SELECT CASE WHEN overdue <= 0 THEN 'notYetDue' WHEN overdue <= 30 THEN 'd1_30' WHEN overdue <= 60 THEN 'd31_60'
              WHEN overdue <= 90 THEN 'd61_90' ELSE 'd90plus' END AS bucket,
         SUM(n) AS n, SUM(amount_czk) AS amount
    FROM (SELECT ?::date - t.due_day AS overdue, t.n, t.amount_czk
            FROM document_day_receivables t
           WHERE t.organization_id = ? AND (?::uuid[] IS NULL OR t.department_id = ANY(?::uuid[]))) open
   GROUP BY 1 HAVING SUM(n) <> 0`);

export function aging(
  em: EntityManager,
  f: { organizationId: string; departmentIds: readonly string[] | null; today: string },
): Promise<{ bucket: string; n: string; amount: string }[]> {
  return query(em, AGING, [f.today, f.organizationId, f.departmentIds, f.departmentIds]);
}

/** The statements behind the statistics and the sales and VAT reports, for the benchmark's EXPLAIN ANALYZE (scripts/bench/statistics.ts). */
export const DAY_TOTALS_STATEMENTS = { PERIOD_SUMS, TOTALS, RATES, CZK_RATES, TOP_CONTACTS, TOP_ITEMS, AGING };
