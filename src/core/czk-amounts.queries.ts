import { CZK } from './czk-amounts';

/**
 * SQL (for a `*.queries.ts` statement) of the lines of the row aliased `t` per VAT rate as the VAT
 * reports count them: in CZK from `t.vat_rates_czk` (as czkAmounts stores them) when the row has them,
 * else its own lines in its own currency (a foreign-currency row made before rates were kept). A
 * lateral join giving `l.vat_rate`, `l.base`, `l.vat`, `l.total`; reportedCurrency names their currency.
 */
export function reportedLines(t: string): string {
  return `CROSS JOIN LATERAL (
    SELECT (i->>'vatRate')::numeric AS vat_rate, (i->>'base')::numeric AS base,
           (i->>'vat')::numeric AS vat, (i->>'total')::numeric AS total
      FROM jsonb_array_elements(${t}.items) AS i WHERE ${t}.vat_rates_czk IS NULL
    UNION ALL
    SELECT (r->>'vatRate')::numeric, (r->>'subtotal')::numeric, (r->>'vatTotal')::numeric, (r->>'total')::numeric
      FROM jsonb_array_elements(${t}.vat_rates_czk) AS r
  ) AS l`;
}

/** SQL: the currency of reportedLines(t) — CZK wherever the row has its CZK amounts. */
export function reportedCurrency(t: string): string {
  return `CASE WHEN ${t}.vat_rates_czk IS NULL THEN ${t}.currency ELSE '${CZK}' END`;
}

/** SQL: the total of the row aliased `t` in the currency of reportedLines(t). */
export function reportedTotal(t: string): string {
  return `CASE WHEN ${t}.vat_rates_czk IS NULL THEN ${t}.total ELSE ${t}.total_czk END`;
}
