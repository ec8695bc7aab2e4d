import BigNumber from 'bignumber.js';
import type { DocumentItem } from '../documents/documents.module';

/** Prices, quantities and computed amounts of POS documents stay within this (SPEC 8). */
export const POS_AMOUNT_LIMIT = new BigNumber('9999999999.99');
/** A SIMPLIFIED receipt's total after rounding (SPEC 4.5 rule 4, DESIGN 5). */
export const SIMPLIFIED_LIMIT = new BigNumber('10000');

export interface PosLineInput {
  name: string;
  quantity: BigNumber;
  unit: string;
  unitPrice: BigNumber;
  vatRate: BigNumber;
}

export interface PosTotals {
  items: DocumentItem[];
  subtotal: BigNumber;
  vatTotal: BigNumber;
  roundingAmount: BigNumber;
  total: BigNumber;
  /** The first amount over POS_AMOUNT_LIMIT, as a field path, when there is one. */
  overLimit: string | null;
}

const round2 = (n: BigNumber) => n.decimalPlaces(2, BigNumber.ROUND_HALF_UP);
const vatOf = (gross: BigNumber, rate: BigNumber) => round2(gross.times(rate).div(rate.plus(100)));
const tooBig = (n: BigNumber) => n.abs().gt(POS_AMOUNT_LIMIT);

/**
 * DESIGN 4: prices include VAT. Per VAT rate, gross = Σ round2(quantity × unitPrice); VAT =
 * round2(gross × rate / (100 + rate)) half-up; base = gross − VAT. With rounding, total =
 * round0(Σ gross) half-up and roundingAmount = total − Σ gross (never in subtotal or vatTotal).
 *
 * Each line also shows a base and VAT (the VAT report sums lines): a line's VAT is its own share by
 * the same formula, and the last line of a rate takes the difference, so the lines of a rate always
 * sum to that rate's figures.
 */
export function computePosTotals(lines: readonly PosLineInput[], roundingEnabled: boolean): PosTotals {
  const grossOf = lines.map((l) => round2(l.quantity.times(l.unitPrice)));
  const byRate = new Map<string, number[]>();
  lines.forEach((l, i) => byRate.set(l.vatRate.toFixed(), [...(byRate.get(l.vatRate.toFixed()) ?? []), i]));
  const vatOfLine: BigNumber[] = lines.map(() => new BigNumber(0));
  let subtotal = new BigNumber(0);
  let vatTotal = new BigNumber(0);
  const line = grossOf.findIndex(tooBig);
  let overLimit: string | null = line >= 0 ? `items[${line}]` : null;
  for (const [rateText, indexes] of byRate) {
    const rate = new BigNumber(rateText);
    const gross = indexes.reduce((sum, i) => sum.plus(grossOf[i]), new BigNumber(0));
    const vat = vatOf(gross, rate);
    let allocated = new BigNumber(0);
    indexes.forEach((i, k) => {
      vatOfLine[i] = k === indexes.length - 1 ? vat.minus(allocated) : vatOf(grossOf[i], rate);
      allocated = allocated.plus(vatOfLine[i]);
    });
    subtotal = subtotal.plus(gross.minus(vat));
    vatTotal = vatTotal.plus(vat);
    if (!overLimit && (tooBig(gross) || tooBig(vat))) overLimit = 'items';
  }
  const exact = subtotal.plus(vatTotal);
  const total = roundingEnabled ? exact.decimalPlaces(0, BigNumber.ROUND_HALF_UP) : exact;
  if (!overLimit && (tooBig(subtotal) || tooBig(total))) overLimit = 'items';
  const items: DocumentItem[] = lines.map((l, i) => ({
    name: l.name,
    quantity: l.quantity.toFixed(),
    unit: l.unit,
    unitPrice: l.unitPrice.toFixed(),
    vatRate: l.vatRate.toFixed(),
    priceIncludesVat: true,
    base: grossOf[i].minus(vatOfLine[i]).toFixed(2),
    vat: vatOfLine[i].toFixed(2),
    total: grossOf[i].toFixed(2),
  }));
  return { items, subtotal, vatTotal, roundingAmount: total.minus(exact), total, overLimit };
}
