import { expect } from 'chai';
import { startTestApp, type TestApp } from '../helpers/app';
import { type Company, makeCompany } from '../helpers/fixtures';
import { makeSupplier } from './costs.helpers';
import { downloadBytes, fixture, importFile } from './isdoc-import.helpers';

const line = (
  name: string,
  quantity: number,
  unit: string,
  unitPrice: number,
  vatRate: number,
  base: string,
  vat: string,
  total: string,
  priceIncludesVat = false,
) => ({ name, quantity, unit, unitPrice, vatRate, priceIncludesVat, base, vat, total });

describe('costs: ISDOC import of received invoices (issue 27 point 2)', function () {
  this.timeout(60_000);
  let app: TestApp;
  let company: Company;

  before(async () => {
    app = await startTestApp();
    company = await makeCompany(app, { companyName: 'Odběratel a.s.' });
  });
  after(() => app.stop());

  it('imports a Pohoda 6.0.1 invoice in CZK: three rates, VAT rounded per rate, payable rounding, a new supplier', async () => {
    const file = fixture('pohoda-6.0.1-czk.isdoc');
    const res = await importFile(app, company.token, file, { filename: 'C:\\Faktury\\FV-2026-0412.isdoc' });
    expect(res.status, res.text).to.equal(201);
    const cost = res.body;
    expect(cost).to.deep.include({
      kind: 'INVOICE',
      status: 'OPEN',
      supplierDocumentNumber: 'FV-2026-0412',
      variableSymbol: '2026000412',
      paymentAccount: {
        accountNumber: '2400123456',
        bankCode: '2010',
        iban: 'CZ6520100000002400123456',
        bic: 'FIOBCZPPXXX',
      },
      // Czech calendar days: midnight in Prague (CEST, UTC+2).
      issuedAt: '2026-05-31T22:00:00.000Z',
      taxableSupplyDate: '2026-05-30T22:00:00.000Z',
      dueAt: '2026-06-14T22:00:00.000Z',
      currency: 'CZK',
      exchangeRate: '1',
      subtotal: '2263.79',
      vatTotal: '416.21',
      total: '2680.00',
      subtotalCzk: '2263.79',
      vatTotalCzk: '416.21',
      totalCzk: '2680.00',
      note: 'Fakturujeme Vám dodávku kancelářských potřeb dle objednávky č. 2026/118.',
      reverseCharge: false,
      paidAmount: '0.00',
      remainingAmount: '2680.00',
    });
    expect(cost.supplier).to.deep.equal({
      name: 'Kancelářské potřeby Novák & syn s.r.o.',
      street: 'Vinohradská 1511/230',
      city: 'Praha 10',
      zip: '100 00',
      country: 'CZ',
      taxId: '27082440',
      vatId: 'CZ27082440',
    });
    expect(cost.items).to.deep.equal([
      line('Toner HP 305A černý', 1, 'ks', 1212.4, 21, '1212.40', '254.60', '1467.00'),
      line('Papír A4 80 g, 500 listů', 10, 'bal', 51.24, 21, '512.40', '107.60', '620.00'),
      line('Kniha Účetnictví 2026', 1, 'ks', 450, 12, '450.00', '54.00', '504.00'),
      line('Poštovné', 1, 'ks', 89, 0, '89.00', '0.00', '89.00'),
      // The file's VAT at 21 % is 1,724.80 × 21 % = 362.21; its lines' VAT adds up to 362.20.
      line('Zaokrouhlení DPH 21 %', 1, 'ks', 0, 21, '0.00', '0.01', '0.01'),
      line('Zaokrouhlení', 1, 'ks', -0.01, 0, '-0.01', '0.00', '-0.01'),
    ]);
    expect(cost.vatSummary).to.deep.equal([
      { vatRate: 21, subtotal: '1724.80', vatTotal: '362.21', total: '2087.01' },
      { vatRate: 12, subtotal: '450.00', vatTotal: '54.00', total: '504.00' },
      { vatRate: 0, subtotal: '88.99', vatTotal: '0.00', total: '88.99' },
    ]);
    expect(cost.attachments).to.have.length(1);
    expect(cost.attachments[0]).to.deep.include({
      filename: 'FV-2026-0412.isdoc',
      contentType: 'application/xml',
      size: file.length,
    });

    // The supplier was created as a SUPPLIER contact with the file's name, IČO, DIČ and address.
    const contact = await app.get(`/api/v1/contacts/${cost.supplierId}`, company.token);
    expect(contact.body).to.deep.include({
      name: 'Kancelářské potřeby Novák & syn s.r.o.',
      type: 'SUPPLIER',
      taxId: '27082440',
      vatId: 'CZ27082440',
      street: 'Vinohradská 1511/230',
      city: 'Praha 10',
      zip: '100 00',
      country: 'CZ',
    });

    // The record reads back the same, and the file downloads byte for byte.
    expect((await app.get(`/api/v1/costs/${cost.id}`, company.token)).body).to.deep.equal(cost);
    const list = await app.get(`/api/v1/costs/${cost.id}/attachments`, company.token);
    expect(list.status, list.text).to.equal(200);
    expect(list.body).to.deep.equal({ data: cost.attachments });
    const download = await downloadBytes(
      app,
      company.token,
      `/api/v1/costs/${cost.id}/attachments/${cost.attachments[0].id}`,
    );
    expect(download.status).to.equal(200);
    expect(download.headers.get('content-type')).to.equal('application/xml');
    expect(download.headers.get('content-disposition')).to.equal(
      `attachment; filename="FV-2026-0412.isdoc"; filename*=UTF-8''FV-2026-0412.isdoc`,
    );
    expect(download.bytes.equals(file)).to.equal(true);
  });

  it('a second import of the same supplier number is 409 CONFLICT, as for a cost made by hand', async () => {
    const again = await importFile(app, company.token, fixture('pohoda-6.0.1-czk.isdoc'));
    expect(again.status, again.text).to.equal(409);
    expect(again.body).to.deep.equal({
      error: 'Conflict',
      code: 'CONFLICT',
      message: 'A cost with this supplier document number of this supplier already exists',
    });
    const suppliers = await app.get('/api/v1/contacts?search=27082440', company.token);
    expect(suppliers.body.data, 'no second supplier').to.have.length(1);
  });

  it('imports a Money S3 6.0.1 invoice in EUR at its CurrRate, with its CZK amounts as the file states them', async () => {
    const res = await importFile(app, company.token, fixture('money-s3-6.0.1-eur.isdoc'), {
      contentType: 'text/xml; charset=utf-8',
    });
    expect(res.status, res.text).to.equal(201);
    const cost = res.body;
    expect(cost).to.deep.include({
      kind: 'INVOICE',
      supplierDocumentNumber: '2026-FV-00387',
      variableSymbol: '2026387',
      paymentAccount: {
        accountNumber: '2112233445',
        bankCode: '2700',
        iban: 'CZ1227000000002112233445',
        bic: 'BACXCZPP',
      },
      issuedAt: '2026-06-02T22:00:00.000Z',
      taxableSupplyDate: '2026-06-02T22:00:00.000Z',
      dueAt: '2026-07-02T22:00:00.000Z',
      currency: 'EUR',
      exchangeRate: '24.725',
      subtotal: '1104.90',
      vatTotal: '224.68',
      total: '1329.58',
      // The file's CZK per rate (5,555.19 of VAT), not 224.68 × 24.725 = 5,555.21.
      subtotalCzk: '27318.66',
      vatTotalCzk: '5555.19',
      totalCzk: '32873.85',
      note: null,
    });
    expect(cost.vatRatesCzk).to.deep.equal([
      { vatRate: 21, subtotal: '26453.28', vatTotal: '5555.19', total: '32008.47' },
      { vatRate: 0, subtotal: '865.38', vatTotal: '0.00', total: '865.38' },
    ]);
    expect(cost.items).to.deep.equal([
      line('Konzultace – implementace API', 12, 'h', 85, 21, '1020.00', '214.20', '1234.20'),
      line('Licence SaaS – 06/2026', 1, 'ks', 49.9, 21, '49.90', '10.48', '60.38'),
      line('Cestovné', 1, 'ks', 35, 0, '35.00', '0.00', '35.00'),
    ]);
    expect(cost.supplier).to.deep.equal({
      name: 'DataBridge Consulting s.r.o.',
      street: 'Křižíkova 148/34',
      city: 'Praha 8 - Karlín',
      zip: '186 00',
      country: 'CZ',
      taxId: '05418751',
      vatId: 'CZ05418751',
    });
    expect(cost.attachments[0]).to.deep.include({ filename: 'invoice.isdoc', contentType: 'application/xml' });
  });

  it('imports an iDoklad 6.0.2 invoice with gross prices and a rounding line to the supplier of that IČO', async () => {
    const existing = await makeSupplier(app, company.token, {
      name: 'Petr Svoboda',
      taxId: '87654321',
      vatId: 'CZ8001011234',
    });
    const res = await importFile(app, company.token, fixture('idoklad-6.0.2-gross.isdoc'), {
      filename: '20260077.isdoc',
    });
    expect(res.status, res.text).to.equal(201);
    const cost = res.body;
    expect(cost.supplierId).to.equal(existing.id);
    // The snapshot is of the company's contact, as for a cost typed by hand.
    expect(cost.supplier.name).to.equal('Petr Svoboda');
    expect(cost).to.deep.include({
      supplierDocumentNumber: '20260077',
      variableSymbol: '20260077',
      issuedAt: '2026-06-07T22:00:00.000Z',
      taxableSupplyDate: '2026-06-04T22:00:00.000Z',
      dueAt: '2026-06-21T22:00:00.000Z',
      currency: 'CZK',
      subtotal: '2717.27',
      vatTotal: '570.73',
      total: '3288.00',
      note: 'Děkujeme za Vaši objednávku.',
    });
    expect(cost.items).to.deep.equal([
      line('Oprava notebooku – práce', 1.5, 'hod', 726, 21, '900.00', '189.00', '1089.00', true),
      line('SSD disk 1 TB', 1, 'ks', 2199.49, 21, '1817.76', '381.73', '2199.49', true),
      line('Zaokrouhlení', 1, 'ks', -0.49, 0, '-0.49', '0.00', '-0.49'),
    ]);
    const contacts = await app.get('/api/v1/contacts?search=87654321', company.token);
    expect(contacts.body.data.map((c: { id: string }) => c.id)).to.deep.equal([existing.id]);
  });

  it('a client with the file’s IČO becomes BOTH and is the supplier', async () => {
    const other = await makeCompany(app);
    const client = await app.post(
      '/api/v1/contacts',
      { name: 'Novák papír', type: 'CLIENT', taxId: '27082440' },
      other.token,
    );
    const res = await importFile(app, other.token, fixture('pohoda-6.0.1-czk.isdoc'));
    expect(res.status, res.text).to.equal(201);
    expect(res.body.supplierId).to.equal(client.body.id);
    expect((await app.get(`/api/v1/contacts/${client.body.id}`, other.token)).body.type).to.equal('BOTH');
  });

  it('another company cannot see the attachments', async () => {
    const [cost] = (await app.get('/api/v1/costs?search=FV-2026-0412', company.token)).body.data;
    const stranger = await makeCompany(app);
    const list = await app.get(`/api/v1/costs/${cost.id}/attachments`, stranger.token);
    expect(list.status).to.equal(404);
    const file = await app.get(`/api/v1/costs/${cost.id}/attachments/${cost.attachments[0].id}`, stranger.token);
    expect(file.status).to.equal(404);
    const unknown = await app.get(`/api/v1/costs/${cost.id}/attachments/${cost.id}`, company.token);
    expect(unknown.status).to.equal(404);
  });
});
