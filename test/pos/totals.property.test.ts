import { randomUUID } from 'node:crypto';
import BigNumber from 'bignumber.js';
import { expect } from 'chai';
import fc from 'fast-check';
import { computePosTotals } from '../../src/modules/pos/pos-totals';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeCompany } from '../helpers/fixtures';
import { makeDevice, posPost, receipt } from './pos.helpers';

/**
 * Issue 12 point 8: DESIGN 4's POS arithmetic against an independent computation in integers
 * (haléře and ten-thousandths as BigInt), for random receipts: in the module and through the API.
 */

interface Line {
  q4: bigint; // quantity × 10^4
  p2: bigint; // unit price in haléře
  rate: bigint;
}

/** n / d rounded half away from zero (d > 0): what ROUND_HALF_UP means for both signs. */
function roundDiv(n: bigint, d: bigint): bigint {
  const sign = n < 0n ? -1n : 1n;
  const abs = n < 0n ? -n : n;
  return sign * ((abs * 2n + d) / (2n * d));
}

function expected(lines: Line[], rounding: boolean) {
  const gross = lines.map((l) => roundDiv(l.q4 * l.p2, 10_000n));
  const rates = new Map<bigint, bigint>();
  lines.forEach((l, i) => rates.set(l.rate, (rates.get(l.rate) ?? 0n) + gross[i]));
  let vat = 0n;
  const perRate = new Map<bigint, bigint>();
  for (const [rate, g] of rates) {
    const v = roundDiv(g * rate, 100n + rate);
    perRate.set(rate, v);
    vat += v;
  }
  const exact = gross.reduce((a, b) => a + b, 0n);
  const total = rounding ? roundDiv(exact, 100n) * 100n : exact;
  return { subtotal: exact - vat, vat, rounding: total - exact, total, perRate, rates };
}

const cents = (n: bigint) => new BigNumber(n.toString()).div(100).toFixed(2);
const fromQ4 = (n: bigint) => new BigNumber(n.toString()).div(10_000);

const line: fc.Arbitrary<Line> = fc.record({
  q4: fc.bigInt({ min: 1n, max: 10_000_000n }),
  p2: fc.oneof(
    { weight: 5, arbitrary: fc.bigInt({ min: 1n, max: 5_000_000n }) },
    { weight: 1, arbitrary: fc.bigInt({ min: -5_000n, max: -1n }) },
  ),
  rate: fc.constantFrom(21n, 12n, 0n),
});
const receiptLines = fc.array(line, { minLength: 1, maxLength: 8 });

describe('POS totals: property tests against integer arithmetic', function () {
  this.timeout(120_000);

  it('computePosTotals: subtotal + vatTotal + roundingAmount = total, VAT per rate by the DESIGN 4 formula', () => {
    fc.assert(
      fc.property(receiptLines, fc.boolean(), (lines, rounding) => {
        const got = computePosTotals(
          lines.map((l) => ({
            name: 'x',
            unit: 'ks',
            quantity: fromQ4(l.q4),
            unitPrice: new BigNumber(l.p2.toString()).div(100),
            vatRate: new BigNumber(l.rate.toString()),
          })),
          rounding,
        );
        const want = expected(lines, rounding);
        expect(got.subtotal.plus(got.vatTotal).plus(got.roundingAmount).toFixed(2)).to.equal(got.total.toFixed(2));
        expect([
          got.subtotal.toFixed(2),
          got.vatTotal.toFixed(2),
          got.roundingAmount.toFixed(2),
          got.total.toFixed(2),
        ]).to.deep.equal([cents(want.subtotal), cents(want.vat), cents(want.rounding), cents(want.total)]);
        // The lines of each rate sum to that rate's VAT (what the VAT report adds up).
        for (const [rate, v] of want.perRate) {
          const sum = got.items
            .filter((i) => i.vatRate === rate.toString())
            .reduce((a, i) => a.plus(i.vat), new BigNumber(0));
          expect(sum.toFixed(2)).to.equal(cents(v));
        }
      }),
      { numRuns: 2000, seed: 12 },
    );
  });

  describe('through POST /api/pos/documents', () => {
    let app: TestApp;
    let token: string;
    before(async () => {
      app = await startTestApp({ LOG_LEVEL: 'warn' });
      const company = await makeCompany(app);
      token = (await makeDevice(app, company)).token;
    });
    after(async () => app?.stop());

    it('answers the integer computation for random receipts', async () => {
      await fc.assert(
        fc.asyncProperty(receiptLines, fc.boolean(), async (lines, rounding) => {
          const want = expected(lines, rounding);
          fc.pre(want.total >= 0n);
          const items = lines.map((l, i) => ({
            name: `Položka ${i}`,
            quantity: Number(fromQ4(l.q4).toFixed()),
            unitPrice: Number(cents(l.p2)),
            vatRate: Number(l.rate),
          }));
          const res = await posPost(
            app,
            '/documents',
            token,
            receipt({ documentType: 'TAX_DOCUMENT', customer: { name: 'Kupující' }, roundingEnabled: rounding, items }),
            randomUUID(),
          );
          if (want.total > 999_999_999_999n) return; // over the POS amount limit: refused, checked elsewhere
          expect(res.status, res.text).to.equal(201);
          const d = res.body.data;
          expect([d.subtotal, d.vatTotal, d.roundingAmount, d.total]).to.deep.equal([
            cents(want.subtotal),
            cents(want.vat),
            cents(want.rounding),
            cents(want.total),
          ]);
          expect(new BigNumber(d.subtotal).plus(d.vatTotal).plus(d.roundingAmount).toFixed(2)).to.equal(d.total);
        }),
        { numRuns: 60, seed: 12 },
      );
    });
  });
});
