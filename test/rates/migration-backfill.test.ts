import { expect } from 'chai';
import { Client } from 'pg';
import { BACKFILL_CZK_DOCUMENTS } from '../../src/migrations/Migration0026ExchangeRates';
import { startTestApp, type TestApp } from '../helpers/app';
import { type Company, makeCompany } from '../helpers/fixtures';

describe('rates: Migration0026 fills the CZK amounts of documents made before', () => {
  let app: TestApp;
  let company: Company;
  before(async () => {
    app = await startTestApp();
    company = await makeCompany(app);
  });
  after(() => app.stop());

  it('gives CZK documents rate 1 and the CZK amounts the app computes; other currencies stay without', async () => {
    const czk = await app.post(
      '/api/v1/documents',
      {
        type: 'INVOICE',
        items: [
          { name: 'A', quantity: 3, unitPrice: '10.33', vatRate: 21 },
          { name: 'B', quantity: 1, unitPrice: '99.99', vatRate: 21, priceIncludesVat: true },
          { name: 'C', quantity: 2, unitPrice: '12.5', vatRate: 12 },
          { name: 'D', quantity: 1, unitPrice: '7', vatRate: '12.5' },
          { name: 'E', quantity: 1, unitPrice: '5', vatRate: 0 },
        ],
      },
      company.token,
    );
    expect(czk.status, czk.text).to.equal(201);
    const eur = await app.post(
      '/api/v1/documents',
      {
        type: 'INVOICE',
        currency: 'EUR',
        exchangeRate: 25,
        items: [{ name: 'A', quantity: 1, unitPrice: 1, vatRate: 21 }],
      },
      company.token,
    );
    expect(eur.status, eur.text).to.equal(201);

    const db = new Client({ connectionString: app.databaseUrl });
    await db.connect();
    try {
      const columns = `exchange_rate::text, subtotal_czk::text, vat_total_czk::text, total_czk::text, vat_rates_czk`;
      const read = async () =>
        (await db.query(`SELECT id, ${columns} FROM documents ORDER BY currency`)).rows as Record<string, unknown>[];
      const computed = await read();
      // As a database from before the migration: no rate, no CZK amounts.
      await db.query(
        `UPDATE documents SET exchange_rate = NULL, subtotal_czk = NULL, vat_total_czk = NULL, total_czk = NULL, vat_rates_czk = NULL`,
      );
      await db.query(BACKFILL_CZK_DOCUMENTS);
      const [czkRow, eurRow] = await read();
      expect(czkRow.id).to.equal(czk.body.id);
      expect({ ...czkRow, exchange_rate: Number(czkRow.exchange_rate) }).to.deep.equal({
        ...computed[0],
        exchange_rate: 1,
      });
      expect(eurRow).to.deep.include({ exchange_rate: null, total_czk: null, vat_rates_czk: null });
    } finally {
      await db.end();
    }
    const after = await app.get(`/api/v1/documents/${czk.body.id}`, company.token);
    expect(after.body).to.deep.include({ exchangeRate: '1', totalCzk: czk.body.total });
    expect(after.body.vatRatesCzk).to.deep.equal(czk.body.vatRatesCzk);
  });
});
