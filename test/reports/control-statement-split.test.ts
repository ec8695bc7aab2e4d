import BigNumber from 'bignumber.js';
import { expect } from 'chai';
import { Client } from 'pg';
import { czechDate } from '../../src/core/clock';
import { reportedCurrency, reportedLines, reportedTotal } from '../../src/core/czk-amounts.queries';
import { startTestApp, type TestApp } from '../helpers/app';
import { type Company, makeCompany, makeContact, makeDocument } from '../helpers/fixtures';
import { makeCost, makeSupplier } from '../costs/costs.helpers';

/**
 * The control statement reads only the documents and costs over the limit, and A.5/B.3 as all sums less the
 * itemized rows (issue 31 point 3). This checks it against the rule applied to every line as the report did
 * before: random documents and costs of one month around the 10,000 CZK limit including VAT (exactly at it and
 * a heller either side, credit notes, several rates, in EUR, § 92a and EU reverse charge, partners with and
 * without a DIČ, a DIČ only on the contact), seeded so that a failure repeats.
 */
const ROUNDS = 3;
const DOCUMENTS = 40;
const COSTS = 20;

/** mulberry32: a small seeded generator. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SUMS = ['base21', 'vat21', 'base12', 'vat12'] as const;
type Sums = Record<(typeof SUMS)[number], BigNumber>;

/** Every document or cost of the month with its lines per rate, as the report read them before. */
const DOCUMENT_LINES = `
  SELECT d.id, d.number, COALESCE(NULLIF(d.customer_details->>'vatId', ''), NULLIF(c.vat_id, '')) AS vat_id,
         d.reverse_charge_regime AS regime, d.reverse_charge_code AS code, COALESCE(d.taxable_supply_date, d.issued_at) AS supplied_at,
         ${reportedTotal('d')} AS total, l.vat_rate, l.base, l.vat
    FROM documents d LEFT JOIN contacts c ON c.id = d.contact_id ${reportedLines('d')}
   WHERE d.organization_id = $1 AND d.status IN ('ISSUED', 'SENT', 'PAID', 'ARCHIVED') AND d.cancelled_at IS NULL
     AND d.type IN ('INVOICE', 'CREDIT_NOTE', 'ADVANCE_TAX_DOCUMENT') AND ${reportedCurrency('d')} = 'CZK'
     AND COALESCE(d.taxable_supply_date, d.issued_at) >= $2 AND COALESCE(d.taxable_supply_date, d.issued_at) < $3
   ORDER BY d.issued_at, d.number, d.id`;
const COST_LINES = `
  SELECT c.id, c.number, NULLIF(c.supplier->>'vatId', '') AS vat_id, c.supplier_document_number, c.taxable_supply_date AS supplied_at,
         ${reportedTotal('c')} AS total, l.vat_rate, l.base, l.vat
    FROM costs c ${reportedLines('c')}
   WHERE c.organization_id = $1 AND c.status <> 'CANCELLED' AND NOT c.reverse_charge AND ${reportedCurrency('c')} = 'CZK'
     AND c.vat_claim_date >= $2 AND c.vat_claim_date < $3
   ORDER BY c.vat_claim_date, c.number, c.id`;

/** The rule line by line: itemized with a DIČ and over 10,000 by the absolute total, the rest summed; untaxed left out. */
function expected(rows: any[]) {
  const byId = new Map<string, any>();
  for (const r of rows) {
    const line = byId.get(r.id) ?? {
      ...r,
      base: new BigNumber(0),
      ...Object.fromEntries(SUMS.map((k) => [k, new BigNumber(0)])),
    };
    line.base = line.base.plus(r.base);
    const rate = Number(r.vat_rate);
    if (rate === 21 || rate === 12) {
      line[`base${rate}`] = line[`base${rate}`].plus(r.base);
      line[`vat${rate}`] = line[`vat${rate}`].plus(r.vat);
    }
    byId.set(r.id, line);
  }
  const itemized: any[] = [];
  const rest: Sums = {
    base21: new BigNumber(0),
    vat21: new BigNumber(0),
    base12: new BigNumber(0),
    vat12: new BigNumber(0),
  };
  const domestic: any[] = [];
  for (const line of byId.values()) {
    if (line.regime === 'DOMESTIC') domestic.push(line);
    if (line.regime) continue;
    if (SUMS.every((k) => line[k].isZero())) continue;
    if (line.vat_id && new BigNumber(line.total).abs().gt(10000)) itemized.push(line);
    else for (const k of SUMS) rest[k] = rest[k].plus(line[k]);
  }
  const fixed = (s: Sums) => Object.fromEntries(SUMS.map((k) => [k, s[k].toFixed(2)]));
  return { itemized, rest: fixed(rest), domestic, fixed };
}

describe('reports: the control statement splits A.4/A.5 and B.2/B.3 as the rule line by line', function () {
  this.timeout(120_000);
  let app: TestApp;
  let company: Company;
  let db: Client;

  before(async () => {
    app = await startTestApp();
    db = new Client({ connectionString: app.databaseUrl });
    await db.connect();
  });
  after(async () => {
    await db.end();
    await app.stop();
  });

  for (let round = 1; round <= ROUNDS; round++)
    it(`round ${round}: ${DOCUMENTS} documents and ${COSTS} costs at random`, async () => {
      const next = random(round * 7919);
      const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)];
      company = await makeCompany(app);
      const token = company.token;
      const payers = [
        await makeContact(app, token, { name: 'Plátce a.s.', vatId: 'CZ11111111' }),
        await makeContact(app, token, { name: 'Druhý plátce s.r.o.', vatId: 'CZ22222222' }),
      ];
      const consumer = await makeContact(app, token, { name: 'Jan Novák' });
      const german = await makeContact(app, token, { name: 'Bau GmbH', vatId: 'DE123456789', country: 'Německo' });
      // A gross amount around the limit (10,000 CZK or 400 EUR at 25), or anywhere below 30,000.
      const amount = (eur: boolean) => {
        const near = eur ? pick(['399.99', '400.00', '400.01']) : pick(['9999.99', '10000.00', '10000.01']);
        return next() < 0.6
          ? new BigNumber(near)
          : new BigNumber(Math.floor(next() * (eur ? 1_200_000 : 3_000_000))).div(100);
      };
      /** 1–3 lines at 21, 12 or 0 % whose gross prices add up to `gross` (net prices under reverse charge). */
      const lines = (gross: BigNumber, net: boolean) => {
        const n = 1 + Math.floor(next() * 3);
        const parts: BigNumber[] = [];
        let left = gross;
        for (let i = 1; i < n; i++) {
          const part = left.times(next()).decimalPlaces(2, BigNumber.ROUND_DOWN);
          parts.push(part);
          left = left.minus(part);
        }
        parts.push(left);
        return parts.map((p) => ({
          name: 'Položka',
          quantity: 1,
          unitPrice: p.toFixed(2),
          vatRate: pick([21, 21, 12, 0]),
          priceIncludesVat: !net,
        }));
      };
      for (let i = 0; i < DOCUMENTS; i++) {
        const eur = next() < 0.2;
        const regime = next() < 0.15 ? pick(['DOMESTIC', 'EU_SERVICES']) : null;
        const credit = !regime && next() < 0.35;
        const gross = amount(eur).times(credit ? -1 : 1);
        const day = 1 + Math.floor(next() * 28);
        const doc = await makeDocument(app, token, {
          type: credit ? 'CREDIT_NOTE' : 'INVOICE',
          status: 'ISSUED',
          contactId: regime === 'EU_SERVICES' ? german.id : regime || next() < 0.7 ? pick(payers).id : consumer.id,
          issuedAt: `2026-03-${String(day).padStart(2, '0')}`,
          ...(next() < 0.1 ? { taxableSupplyDate: '2026-02-27' } : {}),
          ...(eur ? { currency: 'EUR', exchangeRate: 25 } : {}),
          ...(regime ? { reverseCharge: regime === 'DOMESTIC' ? { regime, code: '4' } : { regime } } : {}),
          items: lines(gross, regime !== null),
        });
        // Issued before documents kept the DIČ: the contact's counts.
        if (next() < 0.2)
          await db.query("UPDATE documents SET customer_details = customer_details - 'vatId' WHERE id = $1", [doc.id]);
      }
      const suppliers = [
        await makeSupplier(app, token, { name: 'Velkoobchod s.r.o.', vatId: 'CZ33333333' }),
        await makeSupplier(app, token, { name: 'Drobný dodavatel', vatId: null }),
      ];
      for (let i = 0; i < COSTS; i++) {
        const eur = next() < 0.2;
        const reverseCharge = next() < 0.1;
        const day = String(1 + Math.floor(next() * 28)).padStart(2, '0');
        await makeCost(app, token, pick([suppliers[0].id, suppliers[0].id, suppliers[1].id]), {
          issuedAt: `2026-02-${day}`,
          receivedAt: `2026-03-${day}`,
          taxableSupplyDate: `2026-02-${day}`,
          vatClaimDate: `2026-03-${day}`,
          ...(eur ? { currency: 'EUR', exchangeRate: '25' } : {}),
          ...(reverseCharge ? { reverseCharge: true } : {}),
          items: lines(amount(eur), reverseCharge),
        });
      }

      const res = await app.get('/api/v1/reports/vat-control-statement?period=2026-03', token);
      expect(res.status, res.text).to.equal(200);
      const month = [company.organizationId, new Date('2026-02-28T23:00:00Z'), new Date('2026-03-31T22:00:00Z')];
      const issued = expected((await db.query(DOCUMENT_LINES, month)).rows);
      const received = expected((await db.query(COST_LINES, month)).rows);
      expect(res.body).to.deep.equal({
        period: '2026-03',
        a1: issued.domestic.map((d) => ({
          documentId: d.id,
          number: d.number,
          customerVatId: d.vat_id,
          taxableSupplyDate: czechDate(d.supplied_at),
          code: d.code,
          base: d.base.toFixed(2),
        })),
        a4: issued.itemized.map((d) => ({
          documentId: d.id,
          number: d.number,
          customerVatId: d.vat_id,
          taxableSupplyDate: czechDate(d.supplied_at),
          total: new BigNumber(d.total).toFixed(2),
          ...issued.fixed(d),
        })),
        a5: issued.rest,
        b2: received.itemized.map((c) => ({
          costId: c.id,
          number: c.number,
          supplierVatId: c.vat_id,
          supplierDocumentNumber: c.supplier_document_number,
          taxableSupplyDate: czechDate(c.supplied_at),
          total: new BigNumber(c.total).toFixed(2),
          ...received.fixed(c),
        })),
        b3: received.rest,
      });
      // The random data reach every side of the split.
      expect(issued.itemized.length, 'A.4 rows').to.be.greaterThan(0);
      expect(received.itemized.length, 'B.2 rows').to.be.greaterThan(0);
      expect(
        issued.itemized.some((d) => new BigNumber(d.total).isNegative()),
        'an itemized credit note',
      ).to.equal(true);
    });
});
