import { expect } from 'chai';
import { Client } from 'pg';
import { backfillCzkAmounts } from '../../src/migrations/Migration0026ExchangeRates';
import { startTestApp, type TestApp } from '../helpers/app';
import { CnbServer, cnbFile } from '../helpers/cnb-server';
import { asGraphQLDecimals } from '../helpers/decimals';
import { type Company, makeCompany, makeDocument } from '../helpers/fixtures';
import { costBody, getCost, makeCost, makeSupplier } from './costs.helpers';

// Friday 12 June 2026: ČNB's fixing #112; Saturday the 13th has none (ČNB answers ?date=13.06.2026 with Friday's).
const FRIDAY = cnbFile('12.06.2026', 112, ['EMU|euro|1|EUR|24,280', 'USA|dolar|1|USD|21,512']);

/** 21 %: 1,000.00 + 210.00 EUR; 12 %: 33.33 + 4.00 EUR. */
const EUR_LINES = [
  { name: 'Consulting', quantity: 10, unit: 'h', unitPrice: 100, vatRate: 21 },
  { name: 'Book', quantity: 1, unitPrice: '33.33', vatRate: 12 },
];
/** EUR_LINES at 24.28 CZK/EUR, per VAT rate converted and rounded to hellers. */
const EUR_LINES_AT_FRIDAY = {
  exchangeRate: '24.28',
  subtotalCzk: '25089.25', // 24,280.00 + 809.25 (33.33 × 24.28 = 809.2524)
  vatTotalCzk: '5195.92', // 5,098.80 + 97.12 (4.00 × 24.28)
  totalCzk: '30285.17',
  vatRatesCzk: [
    { vatRate: 21, subtotal: '24280.00', vatTotal: '5098.80', total: '29378.80' },
    { vatRate: 12, subtotal: '809.25', vatTotal: '97.12', total: '906.37' },
  ],
};
const at21 = (unitPrice: string) => [{ name: 'Služba', quantity: 1, unitPrice, vatRate: 21 }];

describe('costs: received costs in foreign currency at the ČNB rate', () => {
  const cnb = new CnbServer();
  let app: TestApp;

  before(async () => {
    const url = await cnb.start();
    cnb.byDate = { '12.06.2026': FRIDAY, '13.06.2026': FRIDAY };
    app = await startTestApp({ CNB_RATES_URL: url });
  });
  after(async () => {
    await app.stop();
    await cnb.stop();
  });
  beforeEach(() => {
    cnb.asked.length = 0;
    cnb.failWith = null;
  });

  async function companyWithSupplier(): Promise<{ company: Company; supplier: any }> {
    const company = await makeCompany(app);
    return { company, supplier: await makeSupplier(app, company.token, { vatId: 'DE123456789' }) };
  }

  it('converts an EUR cost with a Saturday DUZP at Friday’s rate, per VAT rate, and keeps the fixing', async () => {
    const { company, supplier } = await companyWithSupplier();
    const res = await app.post(
      '/api/v1/costs',
      costBody(supplier.id, {
        currency: 'EUR',
        issuedAt: '2026-06-15',
        taxableSupplyDate: '2026-06-13',
        items: EUR_LINES,
      }),
      company.token,
    );
    expect(res.status, res.text).to.equal(201);
    expect(cnb.asked).to.deep.equal(['13.06.2026']);
    expect(res.body).to.deep.include({ currency: 'EUR', subtotal: '1033.33', vatTotal: '214.00', total: '1247.33' });
    expect(res.body).to.deep.include(EUR_LINES_AT_FRIDAY);
    expect(await getCost(app, company.token, res.body.id)).to.deep.include(EUR_LINES_AT_FRIDAY);

    // The Saturday is settled: another cost of that DUZP asks ČNB nothing.
    const again = await makeCost(app, company.token, supplier.id, {
      currency: 'EUR',
      issuedAt: '2026-06-13',
      items: at21('10.00'),
    });
    expect(again.exchangeRate).to.equal('24.28');
    expect(cnb.asked).to.deep.equal(['13.06.2026']);
  });

  it('takes an explicit exchangeRate; a change of items keeps the rate, a new DUZP takes ČNB’s; CZK has rate 1', async () => {
    const { company, supplier } = await companyWithSupplier();
    const cost = await makeCost(app, company.token, supplier.id, {
      currency: 'EUR',
      exchangeRate: '25.125',
      issuedAt: '2026-05-04',
      items: EUR_LINES,
    });
    // 25,125.00 + 837.42 (33.33 × 25.125 = 837.41625); VAT 5,276.25 + 100.50.
    expect(cost).to.deep.include({ exchangeRate: '25.125', subtotalCzk: '25962.42', totalCzk: '31339.17' });
    expect(cnb.asked).to.deep.equal([]);
    const patch = (body: Record<string, unknown>) => app.patch(`/api/v1/costs/${cost.id}`, body, company.token);

    const items = await patch({ items: at21('200.00') });
    expect(items.status, items.text).to.equal(200);
    // 200.00 + 42.00 EUR at 25.125: 5,025.00 + 1,055.25.
    expect(items.body).to.deep.include({ exchangeRate: '25.125', subtotalCzk: '5025.00', totalCzk: '6080.25' });
    expect(items.body.vatRatesCzk).to.deep.equal([
      { vatRate: 21, subtotal: '5025.00', vatTotal: '1055.25', total: '6080.25' },
    ]);

    const moved = await patch({ taxableSupplyDate: '2026-06-12', vatClaimDate: '2026-06-12' });
    expect(moved.status, moved.text).to.equal(200);
    // 200.00 + 42.00 EUR at 24.28: 4,856.00 + 1,019.76.
    expect(moved.body).to.deep.include({ exchangeRate: '24.28', vatTotalCzk: '1019.76', totalCzk: '5875.76' });

    const given = await patch({ exchangeRate: '26' });
    expect(given.body).to.deep.include({ exchangeRate: '26', totalCzk: '6292.00' });

    const czk = await makeCost(app, company.token, supplier.id, { items: at21('1000.00') });
    expect(czk).to.deep.include({ currency: 'CZK', exchangeRate: '1', subtotalCzk: '1000.00', totalCzk: '1210.00' });
    const wrong = await app.post('/api/v1/costs', costBody(supplier.id, { exchangeRate: 2 }), company.token);
    expect(wrong.status, wrong.text).to.equal(400);
    expect(wrong.body.details.map((d: { path: string }) => d.path)).to.deep.equal(['exchangeRate']);
  });

  it('a currency ČNB does not quote, or no fixing to be had: 400 naming exchangeRate, the cost unchanged', async () => {
    const { company, supplier } = await companyWithSupplier();
    const unknown = await app.post(
      '/api/v1/costs',
      costBody(supplier.id, { currency: 'XAU', issuedAt: '2026-06-12', items: at21('1.00') }),
      company.token,
    );
    expect(unknown.status, unknown.text).to.equal(400);
    expect(unknown.body).to.deep.include({ code: 'VALIDATION_FAILED' });
    expect(unknown.body.details.map((d: { path: string }) => d.path)).to.deep.equal(['exchangeRate']);
    expect(unknown.body.message).to.match(/XAU/);

    const cost = await makeCost(app, company.token, supplier.id, {
      currency: 'EUR',
      issuedAt: '2026-06-12',
      items: at21('100.00'),
    });
    const patched = await app.patch(`/api/v1/costs/${cost.id}`, { currency: 'XAU' }, company.token);
    expect(patched.status, patched.text).to.equal(400);
    expect(patched.body.details[0].path).to.equal('exchangeRate');

    cnb.failWith = { status: 503, body: 'down' };
    const down = await app.post(
      '/api/v1/costs',
      costBody(supplier.id, { currency: 'EUR', issuedAt: '2026-06-02', items: at21('1.00') }),
      company.token,
    );
    expect(down.status, down.text).to.equal(400);
    expect(down.body.details[0].path).to.equal('exchangeRate');
    expect(await getCost(app, company.token, cost.id)).to.deep.include({ currency: 'EUR', exchangeRate: '24.28' });
  });

  it('the VAT report counts an EUR invoice and EUR costs of one month in CZK: one CZK balance row', async () => {
    const { company, supplier } = await companyWithSupplier();
    // Output: 2,000.00 + 420.00 EUR on Saturday the 13th at 24.28: 48,560.00 + 10,197.60.
    const invoice = await makeDocument(app, company.token, {
      status: 'ISSUED',
      currency: 'EUR',
      issuedAt: '2026-06-13T08:00:00Z',
      items: [{ name: 'Licence', quantity: 2, unitPrice: 1000, vatRate: 21 }],
    });
    expect(invoice.exchangeRate).to.equal('24.28');
    // K1: EUR_LINES, DUZP Saturday the 13th at 24.28, deducted on the 15th: over 10,000 CZK → B.2.
    const k1 = await makeCost(app, company.token, supplier.id, {
      supplierDocumentNumber: 'EU-2026/077',
      currency: 'EUR',
      issuedAt: '2026-06-13',
      receivedAt: '2026-06-15',
      items: EUR_LINES,
    });
    // K2: 200.00 + 42.00 EUR at 25: 5,000.00 + 1,050.00 = 6,050.00 CZK → B.3.
    await makeCost(app, company.token, supplier.id, {
      currency: 'EUR',
      exchangeRate: '25',
      issuedAt: '2026-06-10',
      receivedAt: '2026-06-16',
      items: at21('200.00'),
    });
    // K3: reverse charge, 100.00 + 21.00 EUR at 25: 2,500.00 + 525.00 self-assessed.
    await makeCost(app, company.token, supplier.id, {
      currency: 'EUR',
      exchangeRate: '25',
      reverseCharge: true,
      issuedAt: '2026-06-10',
      receivedAt: '2026-06-16',
      items: at21('100.00'),
    });

    const res = await app.get('/api/v1/reports/vat?from=2026-06-01&to=2026-06-30', company.token);
    expect(res.status, res.text).to.equal(200);
    expect(res.body).to.deep.include({
      rates: [{ currency: 'CZK', vatRate: 21, base: '48560.00', vat: '10197.60', total: '58757.60' }],
      // 21 %: K1 24,280.00 + 5,098.80 and K2 5,000.00 + 1,050.00; 12 %: K1 809.25 + 97.12.
      input: [
        { currency: 'CZK', vatRate: 21, base: '29280.00', vat: '6148.80', total: '35428.80' },
        { currency: 'CZK', vatRate: 12, base: '809.25', vat: '97.12', total: '906.37' },
      ],
      reverseCharge: [{ currency: 'CZK', vatRate: 21, base: '2500.00', vat: '525.00', total: '3025.00' }],
      // 10,197.60 − (6,148.80 + 97.12) = 3,951.68 to pay.
      balance: [
        {
          currency: 'CZK',
          outputVat: '10197.60',
          inputVat: '6245.92',
          reverseChargeVat: '525.00',
          difference: '3951.68',
          result: 'PAY',
        },
      ],
    });

    const statement = await app.get('/api/v1/reports/vat-control-statement?period=2026-06', company.token);
    expect(statement.status, statement.text).to.equal(200);
    expect(statement.body).to.deep.include({
      a4: [],
      a5: { base21: '48560.00', vat21: '10197.60', base12: '0.00', vat12: '0.00' },
      b2: [
        {
          costId: k1.id,
          number: k1.number,
          supplierVatId: 'DE123456789',
          supplierDocumentNumber: 'EU-2026/077',
          taxableSupplyDate: '2026-06-13',
          total: '30285.17',
          base21: '24280.00',
          vat21: '5098.80',
          base12: '809.25',
          vat12: '97.12',
        },
      ],
      b3: { base21: '5000.00', vat21: '1050.00', base12: '0.00', vat12: '0.00' },
    });
  });

  it('GraphQL takes exchangeRate and shows the CZK amounts as REST does', async () => {
    const { company, supplier } = await companyWithSupplier();
    const fields = 'id exchangeRate subtotalCzk vatTotalCzk totalCzk vatRatesCzk { vatRate subtotal vatTotal total }';
    const created = await app.graphql(
      `mutation($input: CreateCostInput!) { createCost(input: $input) { ${fields} } }`,
      { input: costBody(supplier.id, { currency: 'EUR', exchangeRate: '25', items: at21('100.00') }) },
      company.token,
    );
    expect(created.body.errors).to.equal(undefined);
    const cost = created.body.data.createCost;
    expect(cost).to.deep.include({ exchangeRate: '25', totalCzk: '3025.00' });
    const rest = await getCost(app, company.token, cost.id);
    expect(cost).to.deep.equal(
      asGraphQLDecimals({
        id: rest.id,
        exchangeRate: rest.exchangeRate,
        subtotalCzk: rest.subtotalCzk,
        vatTotalCzk: rest.vatTotalCzk,
        totalCzk: rest.totalCzk,
        vatRatesCzk: rest.vatRatesCzk,
      }),
    );
    const updated = await app.graphql(
      `mutation($id: ID!, $input: UpdateCostInput!) { updateCost(id: $id, input: $input) { ${fields} } }`,
      { id: cost.id, input: { exchangeRate: '24' } },
      company.token,
    );
    expect(updated.body.errors).to.equal(undefined);
    expect(updated.body.data.updateCost).to.deep.include({ exchangeRate: '24', totalCzk: '2904.00' });
    const refused = await app.graphql(
      `mutation($input: CreateCostInput!) { createCost(input: $input) { id } }`,
      { input: costBody(supplier.id, { currency: 'XAU', issuedAt: '2026-06-12', items: at21('1.00') }) },
      company.token,
    );
    expect(refused.body.errors[0].extensions.code).to.equal('VALIDATION_FAILED');
  });

  it('Migration0032 gives CZK costs rate 1 and their CZK amounts; older foreign ones count in their currency', async () => {
    const { company, supplier } = await companyWithSupplier();
    const czk = await makeCost(app, company.token, supplier.id, {
      issuedAt: '2026-07-01',
      items: [
        { name: 'A', quantity: 3, unitPrice: '10.33', vatRate: 21 },
        { name: 'B', quantity: 1, unitPrice: '99.99', vatRate: 21, priceIncludesVat: true },
        { name: 'C', quantity: 2, unitPrice: '12.5', vatRate: 12 },
        { name: 'D', quantity: 1, unitPrice: '5', vatRate: 0 },
      ],
    });
    const eur = await makeCost(app, company.token, supplier.id, {
      currency: 'EUR',
      exchangeRate: '25',
      issuedAt: '2026-07-01',
      items: at21('100.00'),
    });
    const db = new Client({ connectionString: app.databaseUrl });
    await db.connect();
    try {
      // As a database from before the migration: no rate, no CZK amounts.
      await db.query(
        `UPDATE costs SET exchange_rate = NULL, subtotal_czk = NULL, vat_total_czk = NULL, total_czk = NULL,
                vat_rates_czk = NULL WHERE id = ANY($1::uuid[])`,
        [[czk.id, eur.id]],
      );
      await db.query(backfillCzkAmounts('costs'));
    } finally {
      await db.end();
    }
    const czkAmounts = ['exchangeRate', 'subtotalCzk', 'vatTotalCzk', 'totalCzk', 'vatRatesCzk'] as const;
    const pick = (c: any) => Object.fromEntries(czkAmounts.map((k) => [k, c[k]]));
    expect(pick(await getCost(app, company.token, czk.id))).to.deep.equal(pick(czk));
    expect(pick(await getCost(app, company.token, eur.id))).to.deep.equal({
      exchangeRate: null,
      subtotalCzk: null,
      vatTotalCzk: null,
      totalCzk: null,
      vatRatesCzk: null,
    });
    const report = await app.get('/api/v1/reports/vat?from=2026-07-01&to=2026-07-31', company.token);
    expect(report.body.input).to.deep.include({
      currency: 'EUR',
      vatRate: 21,
      base: '100.00',
      vat: '21.00',
      total: '121.00',
    });
    expect(report.body.balance.map((b: { currency: string }) => b.currency)).to.deep.equal(['CZK', 'EUR']);
  });
});
