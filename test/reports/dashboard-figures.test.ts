import { expect } from 'chai';
import { startTestApp, type TestApp } from '../helpers/app';
import { importPayments, makeBankAccount, makeCompany, makeDocument, type Company } from '../helpers/fixtures';

function invoice(amount: string, extra: Record<string, unknown> = {}) {
  return {
    type: 'INVOICE',
    status: 'ISSUED',
    currency: 'CZK',
    items: [{ name: 'Práce', quantity: 1, unit: 'h', unitPrice: amount, vatRate: 0 }],
    ...extra,
  };
}

/**
 * What the dashboard (issue 30 point 2) reads from the server: the documents waiting for payment and
 * due before a day (`unpaid`, `dueBefore` on the documents list, REST and GraphQL alike), and the
 * cash received and sent per Czech day in the statistics (`cashIn`, `cashOut`). The test clock is
 * 17 June 2026.
 */
describe('reports and documents: the figures the dashboard reads', () => {
  let app: TestApp;
  let company: Company;
  let overdue: any;
  let dueLater: any;
  let paid: any;

  before(async () => {
    app = await startTestApp();
    company = await makeCompany(app);
    overdue = await makeDocument(
      app,
      company.token,
      invoice('1000.00', { issuedAt: '2026-05-20', dueAt: '2026-06-03' }),
    );
    dueLater = await makeDocument(
      app,
      company.token,
      invoice('500.00', { issuedAt: '2026-06-10', dueAt: '2026-06-24' }),
    );
    paid = await makeDocument(app, company.token, invoice('300.00', { issuedAt: '2026-05-01', dueAt: '2026-05-15' }));
    await makeDocument(app, company.token, {
      ...invoice('90.00'),
      status: 'DRAFT',
      issuedAt: '2026-04-01',
      dueAt: '2026-05-01',
    });
    const account = await makeBankAccount(app, company.token);
    await importPayments(app, company.token, account.id, [
      // 23:30 Prague on 15 June is 21:30 UTC: still the 15th.
      {
        transactionId: 'C-1',
        amount: '300.00',
        currency: 'CZK',
        direction: 'IN',
        receivedAt: '2026-06-15T21:30:00Z',
        variableSymbol: paid.variableSymbol,
      },
      {
        transactionId: 'C-2',
        amount: '1200.50',
        currency: 'CZK',
        direction: 'IN',
        receivedAt: '2026-06-15T08:00:00Z',
        variableSymbol: null,
      },
      {
        transactionId: 'C-3',
        amount: '400.00',
        currency: 'CZK',
        direction: 'OUT',
        receivedAt: '2026-06-16T09:00:00Z',
        variableSymbol: null,
      },
      // 00:30 Prague on 17 June is 22:30 UTC on the 16th: the 17th.
      {
        transactionId: 'C-5',
        amount: '10.00',
        currency: 'CZK',
        direction: 'OUT',
        receivedAt: '2026-06-16T22:30:00Z',
        variableSymbol: null,
      },
    ]);
    // A payment in euros, recorded by hand (into the EUR cash account).
    const euros = await app.post(
      '/api/v1/payments',
      { amount: '50.00', currency: 'EUR', receivedAt: '2026-06-16T09:00:00Z', method: 'CASH' },
      company.token,
    );
    expect(euros.status, euros.text).to.equal(201);
  });
  after(() => app.stop());

  const numbers = (body: any) => body.data.map((d: any) => d.number).sort();

  it('lists the documents waiting for payment (ISSUED or SENT) due before a day, through REST and GraphQL', async () => {
    const rest = await app.get('/api/v1/documents?unpaid=true&dueBefore=2026-06-17', company.token);
    expect(rest.status, rest.text).to.equal(200);
    expect(numbers(rest.body)).to.deep.equal([overdue.number]);
    expect(numbers((await app.get('/api/v1/documents?unpaid=true', company.token)).body)).to.deep.equal(
      [overdue.number, dueLater.number].sort(),
    );
    // dueBefore alone: any status (the paid one and the draft too).
    expect((await app.get('/api/v1/documents?dueBefore=2026-06-17', company.token)).body.data).to.have.length(3);
    const gql = await app.graphql(
      `query { documents(unpaid: true, dueBefore: "2026-06-17", type: INVOICE) { data { number } } }`,
      {},
      company.token,
    );
    expect(numbers(gql.body.data.documents)).to.deep.equal([overdue.number]);
  });

  it('refuses a malformed filter (400 VALIDATION_FAILED naming it)', async () => {
    for (const query of ['unpaid=yes', 'dueBefore=17.6.2026', 'dueBefore=2026-02-30']) {
      const res = await app.get(`/api/v1/documents?${query}`, company.token);
      expect(res.status, query).to.equal(400);
      expect(res.body.code).to.equal('VALIDATION_FAILED');
    }
  });

  it('sums the CZK received and sent per Czech day in the statistics; other currencies are counted apart', async () => {
    const res = await app.get('/api/v1/reports/statistics?from=2026-06-14&to=2026-06-17&groupBy=day', company.token);
    expect(res.status, res.text).to.equal(200);
    const days = res.body.periods.map((p: any) => [p.period, p.cashIn, p.cashOut, p.otherCurrencyPayments]);
    expect(days).to.deep.equal([
      ['2026-06-14', '0.00', '0.00', 0],
      ['2026-06-15', '1500.50', '0.00', 0],
      ['2026-06-16', '0.00', '400.00', 1],
      ['2026-06-17', '0.00', '10.00', 0],
    ]);
    const month = await app.graphql(
      `query { statistics(from: "2026-06-01", to: "2026-06-30", groupBy: "month") { periods { cashIn cashOut otherCurrencyPayments } } }`,
      {},
      company.token,
    );
    expect(month.body.data.statistics.periods).to.deep.equal([
      { cashIn: '1500.50', cashOut: '410.00', otherCurrencyPayments: 1 },
    ]);
  });
});
