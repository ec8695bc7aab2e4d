import BigNumber from 'bignumber.js';
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

/**
 * Output VAT minus deductible input VAT, per currency, currencies in order: one CZK row, as documents and
 * costs count in CZK at their exchange rate; another currency only for those made before rates were kept.
 */
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
