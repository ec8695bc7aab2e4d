import BigNumber from 'bignumber.js';
import type { DocumentItem } from './document.types';

export interface ItemInput {
  name: string;
  quantity: BigNumber;
  unit: string;
  unitPrice: BigNumber;
  vatRate: BigNumber;
  priceIncludesVat: boolean;
}

export interface Totals {
  subtotal: string;
  vatTotal: string;
  total: string;
}

const HUNDRED = new BigNumber(100);

export function round2(value: BigNumber): BigNumber {
  return value.decimalPlaces(2, BigNumber.ROUND_HALF_UP);
}

export function money(value: BigNumber): string {
  return round2(value).toFixed(2);
}

/**
 * Per line: the line amount is round2(quantity × unitPrice). A net price adds VAT = round2(base ×
 * rate / 100); a gross price (priceIncludesVat) carves it out: VAT = round2(gross × rate / (100 + rate)).
 * Rounding per line keeps every printed line consistent with the totals, which are plain sums.
 */
export function computeItem(input: ItemInput): DocumentItem {
  const amount = round2(input.quantity.times(input.unitPrice));
  let base: BigNumber;
  let vat: BigNumber;
  if (input.priceIncludesVat) {
    vat = round2(amount.times(input.vatRate).div(HUNDRED.plus(input.vatRate)));
    base = amount.minus(vat);
  } else {
    base = amount;
    vat = round2(base.times(input.vatRate).div(HUNDRED));
  }
  return {
    name: input.name,
    quantity: input.quantity.toFixed(),
    unit: input.unit,
    unitPrice: input.unitPrice.toFixed(),
    vatRate: input.vatRate.toFixed(),
    priceIncludesVat: input.priceIncludesVat,
    base: base.toFixed(2),
    vat: vat.toFixed(2),
    total: base.plus(vat).toFixed(2),
  };
}

/** One VAT rate's share of a document: the recapitulation a Czech tax document prints. */
export interface VatRateTotals extends Totals {
  vatRate: string;
}

/** The lines summed per VAT rate, highest rate first. Each row's subtotal + vatTotal = total. */
export function vatSplit(items: DocumentItem[]): VatRateTotals[] {
  const byRate = new Map<string, { base: BigNumber; vat: BigNumber; total: BigNumber }>();
  for (const i of items) {
    const rate = new BigNumber(i.vatRate).toFixed();
    const row = byRate.get(rate) ?? { base: new BigNumber(0), vat: new BigNumber(0), total: new BigNumber(0) };
    byRate.set(rate, { base: row.base.plus(i.base), vat: row.vat.plus(i.vat), total: row.total.plus(i.total) });
  }
  return [...byRate]
    .sort(([a], [b]) => new BigNumber(b).comparedTo(a) ?? 0)
    .map(([vatRate, r]) => ({ vatRate, subtotal: money(r.base), vatTotal: money(r.vat), total: money(r.total) }));
}

/** The document's totals: the sums of its VAT split, so both always agree. */
export function computeTotals(items: DocumentItem[]): Totals {
  const rows = vatSplit(items);
  const sum = (pick: (r: VatRateTotals) => string) => rows.reduce((acc, r) => acc.plus(pick(r)), new BigNumber(0));
  return {
    subtotal: money(sum((r) => r.subtotal)),
    vatTotal: money(sum((r) => r.vatTotal)),
    total: money(sum((r) => r.total)),
  };
}
