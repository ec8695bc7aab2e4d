import BigNumber from 'bignumber.js';
import { expect } from 'chai';
import fc from 'fast-check';
import { computeItem, computeTotals, vatSplit, type ItemInput } from '../../src/modules/documents/document-totals';
import type { DocumentItem } from '../../src/modules/documents/document.types';
import { totalsPerCurrency } from '../../src/modules/reports/vat-totals';

const item = (quantity: string, unitPrice: string, vatRate: string, priceIncludesVat = false): ItemInput => ({
  name: 'x',
  unit: 'ks',
  quantity: new BigNumber(quantity),
  unitPrice: new BigNumber(unitPrice),
  vatRate: new BigNumber(vatRate),
  priceIncludesVat,
});
const amounts = (i: DocumentItem) => ({ base: i.base, vat: i.vat, total: i.total });

describe('unit: item and document totals', () => {
  it('adds VAT to a net price, rounded per line half up', () => {
    expect(amounts(computeItem(item('2', '500', '21')))).to.deep.equal({
      base: '1000.00',
      vat: '210.00',
      total: '1210.00',
    });
    // 0.5 × 33.33 = 16.665 → 16.67; 16.67 × 12 % = 2.0004 → 2.00
    expect(amounts(computeItem(item('0.5', '33.33', '12')))).to.deep.equal({
      base: '16.67',
      vat: '2.00',
      total: '18.67',
    });
    // 0.125 × 21 % = 0.02625 → 0.03
    expect(amounts(computeItem(item('1', '0.125', '21')))).to.deep.equal({ base: '0.13', vat: '0.03', total: '0.16' });
  });

  it('carves VAT out of a gross price: VAT = gross × rate / (100 + rate)', () => {
    expect(amounts(computeItem(item('1', '112', '12', true)))).to.deep.equal({
      base: '100.00',
      vat: '12.00',
      total: '112.00',
    });
    // 100 × 21 / 121 = 17.355… → 17.36
    expect(amounts(computeItem(item('1', '100', '21', true)))).to.deep.equal({
      base: '82.64',
      vat: '17.36',
      total: '100.00',
    });
    expect(amounts(computeItem(item('3', '99.99', '0', true)))).to.deep.equal({
      base: '299.97',
      vat: '0.00',
      total: '299.97',
    });
  });

  it('rounds negative lines (credit notes) away from zero on a tie, like positive ones', () => {
    expect(amounts(computeItem(item('1', '-0.125', '21')))).to.deep.equal({
      base: '-0.13',
      vat: '-0.03',
      total: '-0.16',
    });
  });

  it('keeps the input numbers exact in the stored line', () => {
    expect(computeItem(item('1.2500', '10.5', '21.00'))).to.deep.include({
      quantity: '1.25',
      unitPrice: '10.5',
      vatRate: '21',
      priceIncludesVat: false,
    });
  });

  it('sums the lines into document totals and the VAT split per rate (highest rate first)', () => {
    const items = [
      item('2', '500', '21'),
      item('1', '112', '12', true),
      item('0.5', '33.33', '0'),
      item('1', '100', '21', true),
    ].map(computeItem);
    expect(computeTotals(items)).to.deep.equal({ subtotal: '1199.31', vatTotal: '239.36', total: '1438.67' });
    expect(vatSplit(items)).to.deep.equal([
      { vatRate: '21', subtotal: '1082.64', vatTotal: '227.36', total: '1310.00' },
      { vatRate: '12', subtotal: '100.00', vatTotal: '12.00', total: '112.00' },
      { vatRate: '0', subtotal: '16.67', vatTotal: '0.00', total: '16.67' },
    ]);
    expect(computeTotals([])).to.deep.equal({ subtotal: '0.00', vatTotal: '0.00', total: '0.00' });
  });

  it('sums the VAT report rows per currency without converting', () => {
    const rows = [
      { currency: 'CZK', vatRate: 21, base: '100.00', vat: '21.00', total: '121.00' },
      { currency: 'EUR', vatRate: 21, base: '10.00', vat: '2.10', total: '12.10' },
      { currency: 'CZK', vatRate: 12, base: '-50.00', vat: '-6.00', total: '-56.00' },
    ];
    expect(totalsPerCurrency(rows)).to.deep.equal([
      { currency: 'CZK', base: '50.00', vat: '15.00', total: '65.00' },
      { currency: 'EUR', base: '10.00', vat: '2.10', total: '12.10' },
    ]);
  });
});

/**
 * The same rule computed independently in whole haléře (1/100 CZK) with BigInt: a decimal is
 * digits / 10^scale, and rounding is half away from zero on the exact fraction.
 */
function divRoundHalfUp(n: bigint, d: bigint): bigint {
  const sign = n < 0n !== d < 0n ? -1n : 1n;
  const a = n < 0n ? -n : n;
  const b = d < 0n ? -d : d;
  return sign * ((2n * a + b) / (2n * b));
}

interface Decimal {
  digits: bigint;
  scale: number;
}
const text = (d: Decimal) => new BigNumber(d.digits.toString()).shiftedBy(-d.scale).toFixed();
const halere = (h: bigint) => new BigNumber(h.toString()).shiftedBy(-2).toFixed(2);

function integerLine(
  quantity: Decimal,
  unitPrice: Decimal,
  rate: bigint,
  gross: boolean,
): { base: bigint; vat: bigint; total: bigint } {
  const amount = divRoundHalfUp(
    quantity.digits * unitPrice.digits * 100n,
    10n ** BigInt(quantity.scale + unitPrice.scale),
  );
  if (gross) {
    const vat = divRoundHalfUp(amount * rate, 100n + rate);
    return { base: amount - vat, vat, total: amount };
  }
  const vat = divRoundHalfUp(amount * rate, 100n);
  return { base: amount, vat, total: amount + vat };
}

const decimal = (maxDigits: bigint, maxScale: number, allowNegative: boolean) =>
  fc.record({
    digits: fc.bigInt({ min: allowNegative ? -maxDigits : 1n, max: maxDigits }).filter((d) => d !== 0n),
    scale: fc.integer({ min: 0, max: maxScale }),
  });

const lineArb = fc.record({
  quantity: decimal(99_999_999n, 4, false),
  unitPrice: decimal(99_999_999_999n, 4, true),
  rate: fc.constantFrom(0n, 12n, 21n),
  gross: fc.boolean(),
});

describe('unit: totals, property-based against integer arithmetic', () => {
  it('every line, every rate and the document: subtotal + VAT = total, equal to the haléř computation', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { minLength: 1, maxLength: 30 }), (lines) => {
        const items = lines.map((l) =>
          computeItem(item(text(l.quantity), text(l.unitPrice), l.rate.toString(), l.gross)),
        );
        const expected = lines.map((l) => integerLine(l.quantity, l.unitPrice, l.rate, l.gross));

        items.forEach((i, n) => {
          expect(amounts(i)).to.deep.equal({
            base: halere(expected[n].base),
            vat: halere(expected[n].vat),
            total: halere(expected[n].total),
          });
        });

        const perRate = new Map<bigint, { base: bigint; vat: bigint; total: bigint }>();
        for (const [n, l] of lines.entries()) {
          const row = perRate.get(l.rate) ?? { base: 0n, vat: 0n, total: 0n };
          perRate.set(l.rate, {
            base: row.base + expected[n].base,
            vat: row.vat + expected[n].vat,
            total: row.total + expected[n].total,
          });
        }
        const split = vatSplit(items);
        expect(split.map((r) => r.vatRate)).to.deep.equal(
          [...perRate.keys()].sort((a, b) => Number(b - a)).map(String),
        );
        for (const r of split) {
          const want = perRate.get(BigInt(r.vatRate))!;
          expect(want.base + want.vat).to.equal(want.total);
          expect(r).to.deep.equal({
            vatRate: r.vatRate,
            subtotal: halere(want.base),
            vatTotal: halere(want.vat),
            total: halere(want.total),
          });
        }

        const all = [...perRate.values()].reduce(
          (a, r) => ({ base: a.base + r.base, vat: a.vat + r.vat, total: a.total + r.total }),
          { base: 0n, vat: 0n, total: 0n },
        );
        expect(all.base + all.vat).to.equal(all.total);
        expect(computeTotals(items)).to.deep.equal({
          subtotal: halere(all.base),
          vatTotal: halere(all.vat),
          total: halere(all.total),
        });
      }),
      { numRuns: 300 },
    );
  });
});
