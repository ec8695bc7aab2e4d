import BigNumber from 'bignumber.js';
import { orgId, type RequestContext } from '../../core/ctx';
import type { RateRow } from './vat-totals';

/** One currency's VAT for the period: positive difference = to pay, negative = to reclaim (nadměrný odpočet). */
export interface VatBalance {
  currency: string;
  outputVat: string;
  inputVat: string;
  /** Self-assessed on reverse-charge costs: due and deducted at once, so it leaves the difference unchanged. */
  reverseChargeVat: string;
  difference: string;
  result: 'PAY' | 'RECLAIM' | 'NONE';
}

const fixed = (v: string | null) => new BigNumber(v ?? 0).toFixed(2);

/**
 * The lines of received costs whose VAT is deducted in the period (vatClaimDate, Czech days), per
 * (currency, rate): cancelled costs are left out; `reverseCharge` picks the self-assessed ones.
 */
export async function costRatesOf(
  ctx: RequestContext,
  period: { start: Date; end: Date },
  reverseCharge: boolean,
): Promise<RateRow[]> {
  const rows = await ctx.em.execute<{ currency: string; vat_rate: string; base: string; vat: string; total: string }[]>(
    `SELECT c.currency, (i->>'vatRate')::numeric AS vat_rate,
            SUM((i->>'base')::numeric) AS base, SUM((i->>'vat')::numeric) AS vat, SUM((i->>'total')::numeric) AS total
       FROM costs c CROSS JOIN LATERAL jsonb_array_elements(c.items) AS i
      WHERE c.organization_id = ? AND c.status <> 'CANCELLED' AND c.reverse_charge = ?
        AND c.vat_claim_date >= ? AND c.vat_claim_date < ?
      GROUP BY 1, 2 ORDER BY 1, 2 DESC`,
    [orgId(ctx), reverseCharge, period.start, period.end],
  );
  return rows.map((r) => ({
    currency: r.currency,
    vatRate: Number(r.vat_rate),
    base: fixed(r.base),
    vat: fixed(r.vat),
    total: fixed(r.total),
  }));
}

/** Output VAT minus deductible input VAT, per currency (nothing is converted), currencies in order. */
export function vatBalance(
  output: readonly RateRow[],
  input: readonly RateRow[],
  reverseCharge: readonly RateRow[],
): VatBalance[] {
  const sum = (rows: readonly RateRow[], currency: string) =>
    rows.filter((r) => r.currency === currency).reduce((acc, r) => acc.plus(r.vat), new BigNumber(0));
  const currencies = [...new Set([...output, ...input, ...reverseCharge].map((r) => r.currency))].sort();
  return currencies.map((currency) => {
    const outputVat = sum(output, currency);
    const inputVat = sum(input, currency);
    const reverse = sum(reverseCharge, currency);
    const difference = outputVat.plus(reverse).minus(inputVat).minus(reverse);
    const result =
      difference.isPositive() && !difference.isZero()
        ? 'PAY'
        : difference.isNegative() && !difference.isZero()
          ? 'RECLAIM'
          : 'NONE';
    return {
      currency,
      outputVat: outputVat.toFixed(2),
      inputVat: inputVat.toFixed(2),
      reverseChargeVat: reverse.toFixed(2),
      difference: difference.toFixed(2),
      result,
    };
  });
}
