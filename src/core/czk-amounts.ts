import BigNumber from 'bignumber.js';

export const CZK = 'CZK';

/** One VAT rate's base, VAT and total (decimal strings), as a tax document recapitulates them. */
export interface RateTotals {
  vatRate: string;
  subtotal: string;
  vatTotal: string;
  total: string;
}

/** The amounts in CZK of a document or a received cost: what the VAT report, the control statement and the statistics count. */
export interface CzkAmounts {
  /** CZK per 1 unit of the currency (1 for CZK), a decimal string. */
  exchangeRate: string;
  subtotalCzk: string;
  vatTotalCzk: string;
  totalCzk: string;
  /** Per VAT rate, in the order of `split`, in CZK (the column vat_rates_czk). */
  vatRatesCzk: RateTotals[];
}

const money = (value: BigNumber) => value.toFixed(2, BigNumber.ROUND_HALF_UP);

/** The stored CZK amounts of a row: all null on a foreign-currency row made before rates were kept. */
export interface CzkColumns {
  exchangeRate: string | null;
  subtotalCzk: string | null;
  vatTotalCzk: string | null;
  totalCzk: string | null;
  vatRatesCzk: RateTotals[] | null;
}

/** The CZK amounts as a record shows them: the rate without trailing zeros, money with 2 places. */
export function czkView(row: CzkColumns): CzkColumns {
  const fixed = (v: string | null) => (v === null ? null : new BigNumber(v).toFixed(2));
  return {
    exchangeRate: row.exchangeRate === null ? null : new BigNumber(row.exchangeRate).toFixed(),
    subtotalCzk: fixed(row.subtotalCzk),
    vatTotalCzk: fixed(row.vatTotalCzk),
    totalCzk: fixed(row.totalCzk),
    vatRatesCzk: row.vatRatesCzk,
  };
}

/**
 * The CZK amounts of lines summed per VAT rate (`split`) at `exchangeRate`: per rate, base and VAT each
 * converted and rounded to hellers (as a Czech tax document states them, § 37 ZDPH), total = base +
 * VAT; the totals are the sums of those rows.
 */
export function czkAmounts(split: readonly RateTotals[], exchangeRate: BigNumber): CzkAmounts {
  const vatRatesCzk = split.map((row) => {
    const subtotal = money(exchangeRate.times(row.subtotal));
    const vatTotal = money(exchangeRate.times(row.vatTotal));
    return { vatRate: row.vatRate, subtotal, vatTotal, total: money(new BigNumber(subtotal).plus(vatTotal)) };
  });
  return czkTotals(vatRatesCzk, exchangeRate);
}

/** The CZK amounts of per-rate rows already in CZK (as a received document states them): the totals are their sums. */
export function czkTotals(vatRatesCzk: RateTotals[], exchangeRate: BigNumber): CzkAmounts {
  const sum = (pick: (r: RateTotals) => string) => money(BigNumber.sum(0, ...vatRatesCzk.map(pick)));
  return {
    exchangeRate: exchangeRate.toFixed(),
    subtotalCzk: sum((r) => r.subtotal),
    vatTotalCzk: sum((r) => r.vatTotal),
    totalCzk: sum((r) => r.total),
    vatRatesCzk,
  };
}
