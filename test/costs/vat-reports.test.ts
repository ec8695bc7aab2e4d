import { expect } from 'chai';
import { Client } from 'pg';
import { startTestApp, type TestApp } from '../helpers/app';
import {
  type Company,
  makeApiKey,
  makeCompany,
  makeContact,
  makeDocument,
  makeUser,
  NO_REVERSE_CHARGE_SALES,
} from '../helpers/fixtures';
import { asGraphQLDecimals } from '../helpers/decimals';
import { makeCost, makeSupplier } from './costs.helpers';

const at21 = (unitPrice: string, priceIncludesVat = false) => ({
  name: 'Zboží',
  quantity: 1,
  unitPrice,
  vatRate: 21,
  priceIncludesVat,
});
const at12 = (unitPrice: string, priceIncludesVat = false) => ({
  name: 'Potraviny',
  quantity: 1,
  unitPrice,
  vatRate: 12,
  priceIncludesVat,
});
const at0 = (unitPrice: string) => ({ name: 'Osvobozené', quantity: 1, unitPrice, vatRate: 0 });

/**
 * One company's May and June 2026, with every figure below worked out by hand:
 * issued documents D1–D8 (output VAT, A.4/A.5) and received costs K1–K9 (input VAT, B.2/B.3).
 */
describe('reports: input VAT, the VAT balance and the control statement', () => {
  let app: TestApp;
  let company: Company;
  let key: string;
  const docs: Record<string, any> = {};
  const costs: Record<string, any> = {};

  before(async () => {
    app = await startTestApp();
    company = await makeCompany(app);
    key = (await makeApiKey(app, company)).key;
    const payer = await makeContact(app, key, { name: 'Plátce a.s.', vatId: 'CZ11111111' });
    const consumer = await makeContact(app, key, { name: 'Jan Novák' });
    const issue = (contactId: string, issuedAt: string, items: unknown[], status = 'ISSUED') =>
      makeDocument(app, key, { status, contactId, issuedAt, items });
    // D1 → A.4: 10,000 + 2,100 at 21 % and 1,000 + 120 at 12 %, total 13,220.00.
    docs.d1 = await issue(payer.id, '2026-05-05', [at21('10000.00'), at12('1000.00')]);
    // D2 → A.5: exactly 10,000.00 gross at 21 %: VAT round2(10000 × 21 / 121) = 1,735.54, base 8,264.46.
    docs.d2 = await issue(payer.id, '2026-05-10', [at21('10000.00', true)]);
    // D3 → A.4: 10,000.01 gross at 21 %: VAT round2(1735.5389…) = 1,735.54, base 8,264.47.
    docs.d3 = await issue(payer.id, '2026-05-20', [at21('10000.01', true)]);
    // D4 → A.5 though large: the customer has no DIČ. 20,000 + 2,400 at 12 %.
    docs.d4 = await issue(consumer.id, '2026-05-21', [at12('20000.00')]);
    // D5 cancelled, D6 a draft: left out. D7 only 0 %: in the VAT report, not in the control statement.
    docs.d5 = await issue(payer.id, '2026-05-22', [at21('50000.00')]);
    expect(
      (await app.post(`/api/v1/documents/${docs.d5.id}/transition`, { status: 'CANCELLED' }, key)).status,
    ).to.equal(200);
    docs.d6 = await issue(payer.id, '2026-05-23', [at21('70000.00')], 'DRAFT');
    docs.d7 = await issue(payer.id, '2026-05-24', [at0('30000.00')]);
    // D8: June 1 in Prague (2026-05-31T22:00Z), 5,000 + 1,050 at 21 %: June only.
    docs.d8 = await issue(payer.id, '2026-06-01', [at21('5000.00')]);

    const s1 = await makeSupplier(app, key, { name: 'Velkoobchod s.r.o.', vatId: 'CZ22222222' });
    const s2 = await makeSupplier(app, key, { name: 'Drobný dodavatel', vatId: null });
    const receive = (supplierId: string, overrides: Record<string, unknown>) =>
      makeCost(app, key, supplierId, { issuedAt: '2026-05-01', ...overrides });
    // K1 → B.2: 20,000 + 4,200 at 21 %.
    costs.k1 = await receive(s1.id, {
      supplierDocumentNumber: 'VO-2026/0501',
      taxableSupplyDate: '2026-05-02',
      vatClaimDate: '2026-05-10',
      items: [at21('20000.00')],
    });
    // K2 → B.3: exactly 10,000.00 gross at 21 % (8,264.46 + 1,735.54).
    costs.k2 = await receive(s1.id, { vatClaimDate: '2026-05-12', items: [at21('10000.00', true)] });
    // K3 → B.2: 10,000.01 gross at 12 %: VAT round2(10000.01 × 12 / 112 = 1071.4296…) = 1,071.43, base 8,928.58.
    costs.k3 = await receive(s1.id, {
      supplierDocumentNumber: 'VO-2026/0515',
      taxableSupplyDate: '2026-05-14',
      vatClaimDate: '2026-05-15',
      items: [at12('10000.01', true)],
    });
    // K4 → B.3 though large: the supplier has no DIČ. 15,000 + 1,800 at 12 %.
    costs.k4 = await receive(s2.id, { vatClaimDate: '2026-05-16', items: [at12('15000.00')] });
    // K5 cancelled: left out. K6 reverse charge: its own rows, not in B.2/B.3.
    costs.k5 = await receive(s1.id, { vatClaimDate: '2026-05-17', items: [at21('40000.00')] });
    expect((await app.post(`/api/v1/costs/${costs.k5.id}/cancel`, {}, key)).status).to.equal(200);
    costs.k6 = await receive(s1.id, { vatClaimDate: '2026-05-18', reverseCharge: true, items: [at21('50000.00')] });
    // K7: received in May, deducted in June (1,000 + 210 at 21 %).
    costs.k7 = await receive(s1.id, { receivedAt: '2026-05-28', vatClaimDate: '2026-06-01', items: [at21('1000.00')] });
    // K8: deducted at 23:59 of May 31 in Prague → May, B.3: 121.00 gross at 21 % = 100.00 + 21.00.
    costs.k8 = await receive(s1.id, {
      kind: 'RECEIPT',
      vatClaimDate: '2026-05-31T23:59:00+02:00',
      items: [at21('121.00', true)],
    });
    // K9: in EUR, 100 + 21 at 21 % at 25 CZK/EUR: counted in CZK, 2,500.00 + 525.00 (B.3: 3,025.00 CZK is under the limit).
    costs.k9 = await receive(s1.id, {
      currency: 'EUR',
      exchangeRate: '25',
      vatClaimDate: '2026-05-19',
      items: [at21('100.00')],
    });
  });
  after(() => app.stop());

  it('adds input VAT by deduction date, reverse charge apart, and the difference to reclaim', async () => {
    const res = await app.get('/api/v1/reports/vat?from=2026-05-01&to=2026-05-31', key);
    expect(res.status, res.text).to.equal(200);
    expect(res.body).to.deep.equal({
      from: '2026-05-01',
      to: '2026-05-31',
      // Output: 21 % = D1 + D2 + D3; 12 % = D1 + D4; 0 % = D7.
      rates: [
        { currency: 'CZK', vatRate: 21, base: '26528.93', vat: '5571.08', total: '32100.01' },
        { currency: 'CZK', vatRate: 12, base: '21000.00', vat: '2520.00', total: '23520.00' },
        { currency: 'CZK', vatRate: 0, base: '30000.00', vat: '0.00', total: '30000.00' },
      ],
      totals: [{ currency: 'CZK', base: '77528.93', vat: '8091.08', total: '85620.01' }],
      // Input: 21 % = K1 + K2 + K8 + K9 (in CZK); 12 % = K3 + K4.
      input: [
        { currency: 'CZK', vatRate: 21, base: '30864.46', vat: '6481.54', total: '37346.00' },
        { currency: 'CZK', vatRate: 12, base: '23928.58', vat: '2871.43', total: '26800.01' },
      ],
      reverseCharge: [{ currency: 'CZK', vatRate: 21, base: '50000.00', vat: '10500.00', total: '60500.00' }],
      reverseChargeSales: NO_REVERSE_CHARGE_SALES,
      // 8,091.08 − (6,481.54 + 2,871.43) = −1,261.89: an excess deduction to reclaim.
      balance: [
        {
          currency: 'CZK',
          outputVat: '8091.08',
          inputVat: '9352.97',
          reverseChargeVat: '10500.00',
          difference: '-1261.89',
          result: 'RECLAIM',
        },
      ],
    });
    // June: D8 out (1,050.00), K7 in (210.00): 840.00 to pay.
    const june = await app.get('/api/v1/reports/vat?from=2026-06-01&to=2026-06-30', key);
    expect(june.body.input).to.deep.equal([
      { currency: 'CZK', vatRate: 21, base: '1000.00', vat: '210.00', total: '1210.00' },
    ]);
    expect(june.body.balance).to.deep.equal([
      {
        currency: 'CZK',
        outputVat: '1050.00',
        inputVat: '210.00',
        reverseChargeVat: '0.00',
        difference: '840.00',
        result: 'PAY',
      },
    ]);
  });

  it('returns A.4, A.5, B.2 and B.3 of the month, with 10,000.00 summed and 10,000.01 itemized', async () => {
    const res = await app.get('/api/v1/reports/vat-control-statement?period=2026-05', key);
    expect(res.status, res.text).to.equal(200);
    expect(res.body).to.deep.equal({
      period: '2026-05',
      a1: [],
      a4: [
        {
          documentId: docs.d1.id,
          number: docs.d1.number,
          customerVatId: 'CZ11111111',
          taxableSupplyDate: '2026-05-05',
          total: '13220.00',
          base21: '10000.00',
          vat21: '2100.00',
          base12: '1000.00',
          vat12: '120.00',
        },
        {
          documentId: docs.d3.id,
          number: docs.d3.number,
          customerVatId: 'CZ11111111',
          taxableSupplyDate: '2026-05-20',
          total: '10000.01',
          base21: '8264.47',
          vat21: '1735.54',
          base12: '0.00',
          vat12: '0.00',
        },
      ],
      // D2 (8,264.46 + 1,735.54 at 21 %) + D4 (20,000 + 2,400 at 12 %).
      a5: { base21: '8264.46', vat21: '1735.54', base12: '20000.00', vat12: '2400.00' },
      b2: [
        {
          costId: costs.k1.id,
          number: costs.k1.number,
          supplierVatId: 'CZ22222222',
          supplierDocumentNumber: 'VO-2026/0501',
          taxableSupplyDate: '2026-05-02',
          total: '24200.00',
          base21: '20000.00',
          vat21: '4200.00',
          base12: '0.00',
          vat12: '0.00',
        },
        {
          costId: costs.k3.id,
          number: costs.k3.number,
          supplierVatId: 'CZ22222222',
          supplierDocumentNumber: 'VO-2026/0515',
          taxableSupplyDate: '2026-05-14',
          total: '10000.01',
          base21: '0.00',
          vat21: '0.00',
          base12: '8928.58',
          vat12: '1071.43',
        },
      ],
      // K2 (8,264.46 + 1,735.54) + K8 (100.00 + 21.00) + K9 (2,500.00 + 525.00) at 21 %; K4 (15,000 + 1,800) at 12 %.
      b3: { base21: '10864.46', vat21: '2281.54', base12: '15000.00', vat12: '1800.00' },
    });
    const june = await app.get('/api/v1/reports/vat-control-statement?period=2026-06', key);
    expect(june.body).to.deep.equal({
      period: '2026-06',
      a1: [],
      a4: [],
      a5: { base21: '5000.00', vat21: '1050.00', base12: '0.00', vat12: '0.00' },
      b2: [],
      b3: { base21: '1000.00', vat21: '210.00', base12: '0.00', vat12: '0.00' },
    });
  });

  it("reads the customer's DIČ from its contact for a document that kept none (issued before documents kept it)", async () => {
    const partner = await makeContact(app, key, { name: 'Starý odběratel s.r.o.', vatId: 'CZ33333333' });
    const doc = await makeDocument(app, key, {
      status: 'ISSUED',
      contactId: partner.id,
      issuedAt: '2026-07-06',
      items: [at21('20000.00')],
    });
    const db = new Client({ connectionString: app.databaseUrl });
    await db.connect();
    try {
      await db.query("UPDATE documents SET customer_details = customer_details - 'vatId' WHERE id = $1", [doc.id]);
    } finally {
      await db.end();
    }
    const july = await app.get('/api/v1/reports/vat-control-statement?period=2026-07', key);
    expect(july.status, july.text).to.equal(200);
    expect(july.body.a4.map((r: any) => [r.documentId, r.customerVatId])).to.deep.equal([[doc.id, 'CZ33333333']]);
  });

  it('is the same over GraphQL, and another company sees none of it', async () => {
    const rest = (await app.get('/api/v1/reports/vat-control-statement?period=2026-05', key)).body;
    const gql = await app.graphql(
      `query($p: String!) { vatControlStatement(period: $p) {
        period
        a1 { documentId number customerVatId taxableSupplyDate code base }
        a4 { documentId number customerVatId taxableSupplyDate total base21 vat21 base12 vat12 }
        a5 { base21 vat21 base12 vat12 }
        b2 { costId number supplierVatId supplierDocumentNumber taxableSupplyDate total base21 vat21 base12 vat12 }
        b3 { base21 vat21 base12 vat12 } } }`,
      { p: '2026-05' },
      key,
    );
    expect(gql.body.errors).to.equal(undefined);
    expect(gql.body.data.vatControlStatement).to.deep.equal(asGraphQLDecimals(rest));
    const vat = (await app.get('/api/v1/reports/vat?from=2026-05-01&to=2026-05-31', key)).body;
    const gqlVat = await app.graphql(
      `{ vatReport(from: "2026-05-01", to: "2026-05-31") {
        input { currency vatRate base vat total } reverseCharge { currency vatRate base vat total }
        balance { currency outputVat inputVat reverseChargeVat difference result } } }`,
      {},
      key,
    );
    expect(gqlVat.body.errors).to.equal(undefined);
    expect(gqlVat.body.data.vatReport).to.deep.equal(
      asGraphQLDecimals({ input: vat.input, reverseCharge: vat.reverseCharge, balance: vat.balance }),
    );

    const other = await makeCompany(app);
    expect((await app.get('/api/v1/reports/vat-control-statement?period=2026-05', other.token)).body).to.deep.equal({
      period: '2026-05',
      a1: [],
      a4: [],
      a5: { base21: '0.00', vat21: '0.00', base12: '0.00', vat12: '0.00' },
      b2: [],
      b3: { base21: '0.00', vat21: '0.00', base12: '0.00', vat12: '0.00' },
    });
    const otherVat = (await app.get('/api/v1/reports/vat?from=2026-05-01&to=2026-05-31', other.token)).body;
    expect(otherVat).to.include.keys('input', 'balance');
    expect(otherVat.input).to.deep.equal([]);
    expect(otherVat.balance).to.deep.equal([]);
  });

  it('validates the period and needs reports:read', async () => {
    for (const period of ['', '2026-5', '2026-13', '2026-00', '1999-12', '2101-01', '2026-05-01', 'x'.repeat(100)]) {
      const res = await app.get(`/api/v1/reports/vat-control-statement?period=${encodeURIComponent(period)}`, key);
      expect(res.status, period).to.equal(400);
      expect(res.body.details[0].path).to.equal('period');
    }
    expect((await app.get('/api/v1/reports/vat-control-statement', key)).status).to.equal(400);
    expect((await app.get('/api/v1/reports/vat-control-statement?period=2000-01', key)).status).to.equal(200);
    const member = await makeUser(app, company, { permissions: { costs: 'write', documents: 'write' } });
    const denied = await app.get('/api/v1/reports/vat-control-statement?period=2026-05', member.token);
    expect(denied.status).to.equal(403);
    expect(denied.body.details).to.deep.equal({ requiredScope: 'reports:read' });
  });
});
