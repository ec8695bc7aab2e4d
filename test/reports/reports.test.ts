import { expect } from 'chai';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeApiKey, makeCompany, makeDocument, NO_REVERSE_CHARGE_SALES } from '../helpers/fixtures';
import { asGraphQLDecimals } from '../helpers/decimals';

const line = (unitPrice: number, vatRate: number, extra: Record<string, unknown> = {}) => ({
  name: 'Line',
  quantity: 1,
  unitPrice,
  vatRate,
  ...extra,
});

describe('reports: VAT and sales by VAT rate', () => {
  let app: TestApp;
  let key: string;
  before(async () => {
    app = await startTestApp();
    const company = await makeCompany(app);
    key = (await makeApiKey(app, company)).key;
    const make = (body: Record<string, unknown>) => makeDocument(app, key, body);
    const to = (id: string, status: string) => app.post(`/api/v1/documents/${id}/transition`, { status }, key);

    // Counted (May 2026, Czech days):
    await make({
      status: 'ISSUED',
      issuedAt: '2026-05-10',
      items: [line(500, 21, { quantity: 2 }), line(112, 12, { priceIncludesVat: true })],
    });
    await make({ status: 'PAID', issuedAt: '2026-05-20', items: [line(1000, 21)] });
    await make({ type: 'CREDIT_NOTE', status: 'ISSUED', issuedAt: '2026-05-25', items: [line(-200, 21)] });
    const sent = await make({ status: 'ISSUED', issuedAt: '2026-05-31T21:59:59Z', items: [line(100, 0)] });
    await to(sent.id, 'SENT');
    const archived = await make({ status: 'ISSUED', issuedAt: '2026-05-15', items: [line(50, 12)] });
    await to(archived.id, 'ARCHIVED');
    await make({ status: 'ISSUED', issuedAt: '2026-05-05', currency: 'EUR', exchangeRate: 25, items: [line(10, 21)] });
    // Not counted:
    await make({ status: 'ISSUED', issuedAt: '2026-05-31T22:00:00Z', items: [line(999, 21)] }); // 1 June in Prague
    const cancelled = await make({ status: 'ISSUED', issuedAt: '2026-05-12', items: [line(999, 21)] });
    await to(cancelled.id, 'CANCELLED');
    const cancelledThenArchived = await make({ status: 'ISSUED', issuedAt: '2026-05-12', items: [line(999, 21)] });
    await to(cancelledThenArchived.id, 'CANCELLED');
    await to(cancelledThenArchived.id, 'ARCHIVED');
    await make({ issuedAt: '2026-05-12', items: [line(999, 21)] });
    await make({ type: 'PROFORMA', status: 'ISSUED', issuedAt: '2026-05-12', items: [line(999, 21)] });
    await make({ type: 'QUOTE', status: 'ISSUED', issuedAt: '2026-05-12', items: [line(999, 21)] });
  });
  after(() => app.stop());

  const rates = [
    { currency: 'CZK', vatRate: 21, base: '1800.00', vat: '378.00', total: '2178.00' },
    { currency: 'CZK', vatRate: 12, base: '150.00', vat: '18.00', total: '168.00' },
    { currency: 'CZK', vatRate: 0, base: '100.00', vat: '0.00', total: '100.00' },
    { currency: 'EUR', vatRate: 21, base: '10.00', vat: '2.10', total: '12.10' },
  ];
  // The VAT report counts the EUR invoice in CZK at its rate 25: base 250.00, VAT 52.50.
  const czkRates = [
    { currency: 'CZK', vatRate: 21, base: '2050.00', vat: '430.50', total: '2480.50' },
    rates[1],
    rates[2],
  ];

  it('sums VAT per rate of issued tax documents, excluding cancelled ones', async () => {
    const res = await app.get('/api/v1/reports/vat?from=2026-05-01&to=2026-05-31', key);
    expect(res.status, res.text).to.equal(200);
    expect(res.body).to.deep.equal({
      from: '2026-05-01',
      to: '2026-05-31',
      rates: czkRates,
      totals: [{ currency: 'CZK', base: '2300.00', vat: '448.50', total: '2748.50' }],
      // No received costs here (test/costs/vat-reports.test.ts covers input VAT): all output VAT is to pay.
      input: [],
      reverseCharge: [],
      reverseChargeSales: NO_REVERSE_CHARGE_SALES,
      balance: [
        {
          currency: 'CZK',
          outputVat: '448.50',
          inputVat: '0.00',
          reverseChargeVat: '0.00',
          difference: '448.50',
          result: 'PAY',
        },
      ],
    });
  });

  it('reports sales with document counts, paid and outstanding amounts', async () => {
    const res = await app.get('/api/v1/reports/sales?from=2026-05-01&to=2026-05-31', key);
    expect(res.status, res.text).to.equal(200);
    expect(res.body).to.deep.equal({
      from: '2026-05-01',
      to: '2026-05-31',
      byRate: rates,
      totals: [
        {
          currency: 'CZK',
          documentCount: 5,
          base: '2050.00',
          vat: '396.00',
          total: '2446.00',
          paidAmount: '1210.00',
          outstandingAmount: '1236.00',
        },
        {
          currency: 'EUR',
          documentCount: 1,
          base: '10.00',
          vat: '2.10',
          total: '12.10',
          paidAmount: '0.00',
          outstandingAmount: '12.10',
        },
      ],
      // The statistics in CZK: the EUR invoice at its rate 25 (base 250.00, VAT 52.50) with the CZK documents.
      czkTotal: { documentCount: 6, base: '2300.00', vat: '448.50', total: '2748.50', unconvertedDocumentCount: 0 },
    });
    const june = await app.get('/api/v1/reports/sales?from=2026-06-01&to=2026-06-30', key);
    expect(june.body.totals).to.deep.equal([
      {
        currency: 'CZK',
        documentCount: 1,
        base: '999.00',
        vat: '209.79',
        total: '1208.79',
        paidAmount: '0.00',
        outstandingAmount: '1208.79',
      },
    ]);
    const empty = await app.get('/api/v1/reports/vat?from=2025-01-01&to=2025-01-31', key);
    expect(empty.body).to.deep.equal({
      from: '2025-01-01',
      to: '2025-01-31',
      rates: [],
      totals: [],
      input: [],
      reverseCharge: [],
      reverseChargeSales: NO_REVERSE_CHARGE_SALES,
      balance: [],
    });
  });

  it('sums the sales in CZK, leaving out a foreign-currency document without CZK amounts', async () => {
    const em = app.app.container.orm.em.fork();
    const czkColumns = 'subtotal_czk, vat_total_czk, total_czk, vat_rates_czk, exchange_rate';
    await em.execute(
      `CREATE TEMP TABLE kept_czk AS SELECT id, ${czkColumns} FROM documents WHERE currency = 'EUR' AND total = 12.10`,
    );
    // As a document made before Migration0026ExchangeRates: no rate, no CZK amounts.
    await em.execute(
      `UPDATE documents d SET (${czkColumns}) = (NULL, NULL, NULL, NULL, NULL) FROM kept_czk k WHERE d.id = k.id`,
    );
    try {
      const res = await app.get('/api/v1/reports/sales?from=2026-05-01&to=2026-05-31', key);
      expect(res.body.czkTotal).to.deep.equal({
        documentCount: 5,
        base: '2050.00',
        vat: '396.00',
        total: '2446.00',
        unconvertedDocumentCount: 1,
      });
    } finally {
      await em.execute(
        `UPDATE documents d SET (${czkColumns}) = (SELECT ${czkColumns} FROM kept_czk k WHERE k.id = d.id) WHERE d.id IN (SELECT id FROM kept_czk)`,
      );
    }
  });

  it('validates the period', async () => {
    for (const query of [
      '',
      'from=2026-05-01',
      'to=2026-05-31',
      'from=1.5.2026&to=2026-05-31',
      'from=2026-05-31&to=2026-05-01',
    ]) {
      for (const report of ['vat', 'sales']) {
        const res = await app.get(`/api/v1/reports/${report}?${query}`, key);
        expect(res.status, `${report}?${query}`).to.equal(400);
        expect(res.body.code).to.equal('VALIDATION_FAILED');
      }
    }
  });

  it('serves the same reports through GraphQL', async () => {
    const res = await app.graphql(
      `query($from: String!, $to: String!) {
        vatReport(from: $from, to: $to) { rates { currency vatRate base vat total } totals { currency base vat total } }
        salesReport(from: $from, to: $to) {
          totals { currency documentCount paidAmount outstandingAmount }
          czkTotal { documentCount total unconvertedDocumentCount }
        }
      }`,
      { from: '2026-05-01', to: '2026-05-31' },
      key,
    );
    expect(res.body.errors).to.equal(undefined);
    expect(res.body.data.vatReport.rates).to.deep.equal(asGraphQLDecimals(czkRates));
    expect(res.body.data.salesReport.totals[0]).to.deep.equal({
      currency: 'CZK',
      documentCount: 5,
      paidAmount: '1210.00',
      outstandingAmount: '1236.00',
    });
    expect(res.body.data.salesReport.czkTotal).to.deep.equal({
      documentCount: 6,
      total: '2748.50',
      unconvertedDocumentCount: 0,
    });
    const bad = await app.graphql(
      '{ vatReport(from: "2026-05-31", to: "2026-05-01") { totals { currency } } }',
      {},
      key,
    );
    expect(bad.body.errors[0].extensions.code).to.equal('VALIDATION_FAILED');
  });
});
