import BigNumber from 'bignumber.js';

/** One (currency, VAT rate) row of the VAT report: sums of the document lines at that rate. */
export interface RateRow {
  currency: string;
  vatRate: number;
  base: string;
  vat: string;
  total: string;
}

export interface CurrencyTotals {
  currency: string;
  base: string;
  vat: string;
  total: string;
}

/** The VAT report's totals: its rate rows summed per currency (nothing is converted), in row order. */
export function totalsPerCurrency(rates: readonly RateRow[]): CurrencyTotals[] {
  const totals = new Map<string, { base: BigNumber; vat: BigNumber; total: BigNumber }>();
  for (const r of rates) {
    const t = totals.get(r.currency) ?? { base: new BigNumber(0), vat: new BigNumber(0), total: new BigNumber(0) };
    totals.set(r.currency, { base: t.base.plus(r.base), vat: t.vat.plus(r.vat), total: t.total.plus(r.total) });
  }
  return [...totals].map(([currency, t]) => ({
    currency,
    base: t.base.toFixed(2),
    vat: t.vat.toFixed(2),
    total: t.total.toFixed(2),
  }));
}
