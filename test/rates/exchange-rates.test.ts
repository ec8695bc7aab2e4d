import { expect } from 'chai';
import { startTestApp, type TestApp } from '../helpers/app';
import { CnbServer, cnbFile } from '../helpers/cnb-server';
import { type Company, makeCompany } from '../helpers/fixtures';
import { getBytes, pdfText } from '../invoice-doc/helpers';

// Friday 12 June 2026: ČNB's fixing #112; Saturday the 13th has none (ČNB answers ?date=13.06.2026 with Friday's).
const FRIDAY = cnbFile('12.06.2026', 112, [
  'EMU|euro|1|EUR|24,280',
  'Japonsko|jen|100|JPY|15,437',
  'USA|dolar|1|USD|21,512',
]);
// Wednesday 17 June 2026 (the test clock's day): the latest fixing, what the daily job reads.
const WEDNESDAY = cnbFile('17.06.2026', 115, ['EMU|euro|1|EUR|24,310', 'Japonsko|jen|100|JPY|15,502']);

const EUR_LINES = [
  { name: 'Consulting', quantity: 10, unit: 'h', unitPrice: 100, vatRate: 21 },
  { name: 'Book', quantity: 1, unitPrice: '33.33', vatRate: 12 },
];

describe('rates: documents in foreign currency at the ČNB fixing', () => {
  const cnb = new CnbServer();
  let app: TestApp;
  let company: Company;

  before(async () => {
    const url = await cnb.start();
    cnb.latest = WEDNESDAY;
    cnb.byDate = { '12.06.2026': FRIDAY, '13.06.2026': FRIDAY, '14.06.2026': FRIDAY };
    app = await startTestApp({ CNB_RATES_URL: url });
    company = await makeCompany(app);
  });
  after(async () => {
    await app.stop();
    await cnb.stop();
  });
  beforeEach(() => {
    cnb.asked.length = 0;
    cnb.failWith = null;
  });

  async function create(body: Record<string, unknown>) {
    return app.post('/api/v1/documents', { type: 'INVOICE', items: EUR_LINES, ...body }, company.token);
  }

  it('converts an EUR invoice of a Saturday at Friday’s rate, per VAT rate, and keeps the fixing', async () => {
    const res = await create({ currency: 'EUR', issuedAt: '2026-06-15T09:00:00Z', taxableSupplyDate: '2026-06-13' });
    expect(res.status, res.text).to.equal(201);
    expect(cnb.asked).to.deep.equal(['13.06.2026']);
    // 21 %: base 1000.00, VAT 210.00 EUR; 12 %: base 33.33, VAT 4.00 EUR; at 24.28 CZK/EUR, rounded per rate.
    expect(res.body).to.deep.include({
      currency: 'EUR',
      subtotal: '1033.33',
      vatTotal: '214.00',
      total: '1247.33',
      exchangeRate: '24.28',
      subtotalCzk: '25089.25', // 24280.00 + 809.25 (33.33 × 24.28 = 809.2524)
      vatTotalCzk: '5195.92', // 5098.80 + 97.12
      totalCzk: '30285.17',
    });
    expect(res.body.vatRatesCzk).to.deep.equal([
      { vatRate: '21', subtotal: '24280.00', vatTotal: '5098.80', total: '29378.80' },
      { vatRate: '12', subtotal: '809.25', vatTotal: '97.12', total: '906.37' },
    ]);

    // The Saturday is settled now: another document of that day asks ČNB nothing.
    const again = await create({ currency: 'EUR', issuedAt: '2026-06-15T09:00:00Z', taxableSupplyDate: '2026-06-13' });
    expect(again.status, again.text).to.equal(201);
    expect(again.body.exchangeRate).to.equal('24.28');
    expect(cnb.asked).to.deep.equal(['13.06.2026']);
    const read = await app.get(`/api/v1/documents/${res.body.id}`, company.token);
    expect(read.body).to.deep.include({ exchangeRate: '24.28', totalCzk: '30285.17' });
  });

  it('divides a rate quoted per 100 units (JPY) and reads Friday’s file kept for Saturday on Friday itself', async () => {
    await create({ currency: 'EUR', taxableSupplyDate: '2026-06-13', issuedAt: '2026-06-15T09:00:00Z' });
    cnb.asked.length = 0;
    const res = await create({
      currency: 'JPY',
      issuedAt: '2026-06-12T10:00:00Z',
      items: [{ name: 'Licence', quantity: 1, unitPrice: 10000, vatRate: 12 }],
    });
    expect(res.status, res.text).to.equal(201);
    // Friday's fixing was kept (and marked valid on its own day) when the Saturday was asked.
    expect(cnb.asked).to.deep.equal([]);
    // 15.437 CZK per 100 JPY = 0.15437 per yen: base 10000 → 1543.70, VAT 1200 → 185.244 → 185.24.
    expect(res.body).to.deep.include({
      exchangeRate: '0.15437',
      subtotalCzk: '1543.70',
      vatTotalCzk: '185.24',
      totalCzk: '1728.94',
    });
  });

  it('the daily job at 14:45 Prague keeps the latest fixing; documents of that day use it without a fetch', async () => {
    // 14:44 Prague: not yet.
    await app.post('/api/test/clock', { now: '2026-06-17T12:44:00Z' });
    await app.post('/api/test/jobs/run-due', {});
    expect(cnb.asked).to.deep.equal([]);
    const clock = await app.post('/api/test/clock', { now: '2026-06-17T12:46:00Z' });
    expect(clock.status, clock.text).to.equal(200);
    const ran = await app.post('/api/test/jobs/run-due', {});
    expect(ran.status, ran.text).to.equal(200);
    expect(cnb.asked).to.deep.equal([null]);
    const res = await create({ currency: 'JPY', issuedAt: '2026-06-17T12:50:00Z' });
    expect(res.status, res.text).to.equal(201);
    expect(res.body.exchangeRate).to.equal('0.15502');
    expect(cnb.asked).to.deep.equal([null]);
  });

  it('an explicit exchangeRate wins and asks ČNB nothing; CZK documents have rate 1 and their own amounts', async () => {
    const eur = await create({ currency: 'EUR', exchangeRate: '25.125', issuedAt: '2026-05-04T09:00:00Z' });
    expect(eur.status, eur.text).to.equal(201);
    expect(eur.body).to.deep.include({ exchangeRate: '25.125', subtotalCzk: '25962.42' }); // 25125.00 + 837.42 (33.33 × 25.125 = 837.41625)
    const czk = await create({});
    expect(czk.status, czk.text).to.equal(201);
    expect(czk.body).to.deep.include({
      currency: 'CZK',
      exchangeRate: '1',
      subtotalCzk: czk.body.subtotal,
      vatTotalCzk: czk.body.vatTotal,
      totalCzk: czk.body.total,
    });
    const wrong = await create({ exchangeRate: 2 });
    expect(wrong.status).to.equal(400);
    expect(wrong.body.details.map((d: { path: string }) => d.path)).to.deep.equal(['exchangeRate']);
    expect(cnb.asked).to.deep.equal([]);
  });

  it('a currency ČNB does not quote, or no fixing to be had: 400 naming exchangeRate, nothing kept from a bad file', async () => {
    const unknown = await create({
      currency: 'XAU',
      taxableSupplyDate: '2026-06-12',
      issuedAt: '2026-06-15T09:00:00Z',
    });
    expect(unknown.status, unknown.text).to.equal(400);
    expect(unknown.body).to.deep.include({ code: 'VALIDATION_FAILED' });
    expect(unknown.body.details[0].path).to.equal('exchangeRate');

    cnb.byDate['02.06.2026'] = cnbFile('02.06.2026', 105, ['EMU|euro|1|EUR|24.280']); // a decimal point: not ČNB's
    const malformed = await create({
      currency: 'EUR',
      taxableSupplyDate: '2026-06-02',
      issuedAt: '2026-06-02T09:00:00Z',
    });
    expect(malformed.status, malformed.text).to.equal(400);
    expect(malformed.body.details[0].path).to.equal('exchangeRate');
    expect(malformed.body.message).to.match(/line 3/);

    cnb.failWith = { status: 503, body: 'down' };
    const down = await create({ currency: 'EUR', taxableSupplyDate: '2026-06-02', issuedAt: '2026-06-02T09:00:00Z' });
    expect(down.status, down.text).to.equal(400);
    expect(down.body.details[0].path).to.equal('exchangeRate');

    // Nothing was kept for that day: once ČNB serves a good file, it is asked again and used.
    cnb.failWith = null;
    cnb.byDate['02.06.2026'] = cnbFile('02.06.2026', 105, ['EMU|euro|1|EUR|24,190']);
    const good = await create({ currency: 'EUR', taxableSupplyDate: '2026-06-02', issuedAt: '2026-06-02T09:00:00Z' });
    expect(good.status, good.text).to.equal(201);
    expect(good.body.exchangeRate).to.equal('24.19');
    expect(cnb.asked).to.deep.equal(['02.06.2026', '02.06.2026', '02.06.2026']);
  });

  it('refuses a file over 64 KiB and keeps nothing of it', async () => {
    const padding = Array.from({ length: 3000 }, (_, i) => `Země ${i}|měna|1|EUR|24,280`);
    cnb.byDate['03.06.2026'] = cnbFile('03.06.2026', 106, padding);
    const big = await create({ currency: 'EUR', taxableSupplyDate: '2026-06-03', issuedAt: '2026-06-03T09:00:00Z' });
    expect(big.status, big.text).to.equal(400);
    expect(big.body.details[0].path).to.equal('exchangeRate');
    expect(big.body.message).to.match(/65536 bytes/);
    cnb.byDate['03.06.2026'] = cnbFile('03.06.2026', 106, ['EMU|euro|1|EUR|24,200']);
    const good = await create({ currency: 'EUR', taxableSupplyDate: '2026-06-03', issuedAt: '2026-06-03T09:00:00Z' });
    expect(good.body.exchangeRate).to.equal('24.2');
  });

  it('parallel documents of a day not kept yet all get its rate; the fixing is kept once', async () => {
    cnb.byDate['04.06.2026'] = cnbFile('04.06.2026', 107, ['EMU|euro|1|EUR|24,150', 'USA|dolar|1|USD|21,400']);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        create({
          currency: i % 2 ? 'EUR' : 'USD',
          taxableSupplyDate: '2026-06-04',
          issuedAt: '2026-06-04T09:00:00Z',
        }),
      ),
    );
    expect(results.map((r) => [r.status, r.body.exchangeRate])).to.deep.equal(
      Array.from({ length: 6 }, (_, i) => [201, i % 2 ? '24.15' : '21.4']),
    );
    // Each request that found the day unknown asked ČNB; later ones read what was kept.
    const asked = cnb.asked.length;
    expect(asked).to.be.within(1, 6);
    await create({ currency: 'USD', taxableSupplyDate: '2026-06-04', issuedAt: '2026-06-04T09:00:00Z' });
    expect(cnb.asked.length).to.equal(asked);
  });

  it('the VAT report and the control statement count an EUR invoice in CZK at its rate', async () => {
    const res = await create({ currency: 'EUR', status: 'ISSUED', issuedAt: '2026-06-13T08:00:00Z' });
    expect(res.status, res.text).to.equal(201);
    expect(res.body.exchangeRate).to.equal('24.28');
    const vat = await app.get('/api/v1/reports/vat?from=2026-06-01&to=2026-06-30', company.token);
    expect(vat.status, vat.text).to.equal(200);
    expect(vat.body.rates).to.deep.equal([
      { currency: 'CZK', vatRate: 21, base: '24280.00', vat: '5098.80', total: '29378.80' },
      { currency: 'CZK', vatRate: 12, base: '809.25', vat: '97.12', total: '906.37' },
    ]);
    expect(
      vat.body.balance.map((b: { currency: string; outputVat: string }) => [b.currency, b.outputVat]),
    ).to.deep.equal([['CZK', '5195.92']]);
    const statement = await app.get('/api/v1/reports/vat-control-statement?period=2026-06', company.token);
    expect(statement.status, statement.text).to.equal(200);
    expect(statement.body.a5).to.deep.include({
      base21: '24280.00',
      vat21: '5098.80',
      base12: '809.25',
      vat12: '97.12',
    });

    // The PDF and the customer's page state the VAT in CZK at the rate, beside the EUR recapitulation.
    const pdf = await getBytes(app, `/api/v1/documents/${res.body.id}/pdf`, company.token);
    expect(pdf.status).to.equal(200);
    const text = (await pdfText(pdf.bytes)).replace(/\s+/g, ' ');
    expect(text).to.include('Rekapitulace DPH v CZK (kurz ČNB 1 EUR = 24,28 CZK)');
    expect(text).to.match(/21 % 24 280,00 5 098,80 29 378,80/);
    expect(text).to.match(/12 % 809,25 97,12 906,37/);
    const page = await app.request('GET', new URL(res.body.publicUrl).pathname, { headers: { accept: 'text/html' } });
    expect(page.text).to.include('<td>5 098,80 CZK</td>');
  });

  it('a change of the taxable supply date takes that day’s rate; new items alone keep the rate (REST and GraphQL)', async () => {
    const doc = (await create({ currency: 'EUR', exchangeRate: '25', issuedAt: '2026-06-15T09:00:00Z' })).body;
    const items = await app.patch(
      `/api/v1/documents/${doc.id}`,
      { items: [{ name: 'X', quantity: 1, unitPrice: 10, vatRate: 21 }] },
      company.token,
    );
    expect(items.status, items.text).to.equal(200);
    expect(items.body).to.deep.include({ exchangeRate: '25', subtotalCzk: '250.00', vatTotalCzk: '52.50' });
    const moved = await app.patch(`/api/v1/documents/${doc.id}`, { taxableSupplyDate: '2026-06-14' }, company.token);
    expect(moved.status, moved.text).to.equal(200);
    expect(moved.body).to.deep.include({ exchangeRate: '24.28', subtotalCzk: '242.80', vatTotalCzk: '50.99' });

    const gql = await app.graphql(
      `query($id: ID!) { document(id: $id) { exchangeRate totalCzk vatRatesCzk { vatRate subtotal vatTotal total } } }`,
      { id: doc.id },
      company.token,
    );
    expect(gql.body.errors, gql.text).to.equal(undefined);
    expect(gql.body.data.document).to.deep.equal({
      exchangeRate: '24.28',
      totalCzk: '293.79',
      vatRatesCzk: [{ vatRate: '21', subtotal: '242.80', vatTotal: '50.99', total: '293.79' }],
    });

    const created = await app.graphql(
      `mutation($input: CreateDocumentInput!) { createDocument(input: $input) { currency exchangeRate vatTotalCzk } }`,
      {
        input: {
          type: 'INVOICE',
          currency: 'USD',
          issuedAt: '2026-06-15',
          taxableSupplyDate: '2026-06-13',
          items: [{ name: 'X', quantity: '1', unitPrice: '100', vatRate: '21' }],
        },
      },
      company.token,
    );
    expect(created.body.errors, created.text).to.equal(undefined);
    // USD on the Saturday: Friday's 21,512; VAT 21.00 USD → 451.752 → 451.75 CZK.
    expect(created.body.data.createDocument).to.deep.equal({
      currency: 'USD',
      exchangeRate: '21.512',
      vatTotalCzk: '451.75',
    });
    const refused = await app.graphql(
      `mutation($input: CreateDocumentInput!) { createDocument(input: $input) { id } }`,
      {
        input: {
          type: 'INVOICE',
          currency: 'XAU',
          items: [{ name: 'X', quantity: '1', unitPrice: '1', vatRate: '0' }],
        },
      },
      company.token,
    );
    expect(refused.body.errors[0].extensions.code, refused.text).to.equal('VALIDATION_FAILED');
  });
});
