import { CZK } from './czk-amounts';

/**
 * SQL (for a `*.queries.ts` statement) of the lines of the row aliased `t` per VAT rate as the VAT
 * reports count them: in CZK from `t.vat_rates_czk` (as czkAmounts stores them) when the row has them,
 * else its own lines in its own currency (a foreign-currency row made before rates were kept). A
 * lateral join giving `l.vat_rate`, `l.base`, `l.vat`, `l.total`; reportedCurrency names their currency.
 */
export function reportedLines(t: string): string {
  return `CROSS JOIN LATERAL (${reportedLineRows(t)}) AS l`;
}

/** SQL: the rows reportedLines(t) joins, as a subquery (vat_rate, base, vat, total) to aggregate per row of `t`. */
export function reportedLineRows(t: string): string {
  return `
    SELECT (i->>'vatRate')::numeric AS vat_rate, (i->>'base')::numeric AS base,
           (i->>'vat')::numeric AS vat, (i->>'total')::numeric AS total
      FROM jsonb_array_elements(${t}.items) AS i WHERE ${t}.vat_rates_czk IS NULL
    UNION ALL
    SELECT (r->>'vatRate')::numeric, (r->>'subtotal')::numeric, (r->>'vatTotal')::numeric, (r->>'total')::numeric
      FROM jsonb_array_elements(${t}.vat_rates_czk) AS r
  `;
}

/** SQL: the currency of reportedLines(t) — CZK wherever the row has its CZK amounts. */
export function reportedCurrency(t: string): string {
  return `CASE WHEN ${t}.vat_rates_czk IS NULL THEN ${t}.currency ELSE '${CZK}' END`;
}

/** SQL: the total of the row aliased `t` in the currency of reportedLines(t). */
export function reportedTotal(t: string): string {
  return `CASE WHEN ${t}.vat_rates_czk IS NULL THEN ${t}.total ELSE ${t}.total_czk END`;
}

/**
 * SQL: a lateral join giving, for the row aliased `t`, the sums of reportedLines(t) at the standard (21 %) and
 * reduced (12 %) rate (`s.base21`, `s.vat21`, `s.base12`, `s.vat12`, 0 without any) and its base at every
 * rate (`s.base`); a row without lines has none. Summed per row inside the join, not by a GROUP BY over the
 * rows' lines: over a month of a company with a million documents that aggregate spilled to disk
 * (docs/benchmarks.md, issue 31 point 3).
 */
export function reportedSums21And12(t: string): string {
  return `CROSS JOIN LATERAL (
    SELECT SUM(l.base) AS base,
           COALESCE(SUM(l.base) FILTER (WHERE l.vat_rate = 21), 0) AS base21,
           COALESCE(SUM(l.vat) FILTER (WHERE l.vat_rate = 21), 0) AS vat21,
           COALESCE(SUM(l.base) FILTER (WHERE l.vat_rate = 12), 0) AS base12,
           COALESCE(SUM(l.vat) FILTER (WHERE l.vat_rate = 12), 0) AS vat12
      FROM (${reportedLineRows(t)}) AS l
    HAVING COUNT(*) > 0
  ) AS s`;
}
