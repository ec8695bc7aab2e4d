import { expect } from 'chai';
import { Client } from 'pg';
import { DAY_TOTALS_BACKFILL, DAY_TOTALS_TABLES } from '../../src/migrations/Migration0042DocumentDayTotals';
import { startTestApp, type TestApp } from '../helpers/app';
import { setClock } from '../helpers/controls';
import { asGraphQLDecimals } from '../helpers/decimals';
import {
  importPayments,
  makeBankAccount,
  makeCompany,
  makeContact,
  makeDocument,
  makePaymentLine,
  makeUser,
  type Company,
} from '../helpers/fixtures';
import { makeCost, makeSupplier } from '../costs/costs.helpers';
import { setBilling } from '../invoice-doc/helpers';

const line = (name: string, quantity: number, unitPrice: number, vatRate: number) => ({
  name,
  quantity,
  unitPrice,
  vatRate,
});

const zero = { documentCount: 0, base: '0.00', vat: '0.00', total: '0.00' };
/** A period's figures: invoiced, then paid, costs, output VAT and input VAT (the balance is their difference). */
function period(
  label: string,
  from: string,
  to: string,
  invoiced: typeof zero,
  amounts: Partial<{
    paid: string;
    costs: string;
    outputVat: string;
    inputVat: string;
    vatBalance: string;
    cashIn: string;
  }> = {},
) {
  return {
    period: label,
    from,
    to,
    invoiced,
    paid: '0.00',
    costs: '0.00',
    outputVat: invoiced.vat,
    inputVat: '0.00',
    vatBalance: invoiced.vat,
    cashIn: '0.00',
    cashOut: '0.00',
    otherCurrencyPayments: 0,
    ...amounts,
  };
}

/**
 * Issue 27 point 6: statistics worked out by hand. Documents (Czech issue days, 2026):
 *   D6 01-15 INVOICE Alfa   Consulting 1 × 1000 @21 = 1000 + 210 = 1210, due 03-01 (unpaid: 121 days late)
 *   D7 03-10 INVOICE Beta   Book 10 × 100 @12     = 1000 + 120 = 1120, due 04-15 (76 days late)
 *   D1 04-10 INVOICE Alfa   Consulting 2 × 500 @21 = 1000 + 210 = 1210, due 06-30, 500 paid (not yet due)
 *   D2 04-20 INVOICE Beta   Book 1 × 100 @12      =  100 +  12 =  112, paid in full on 05-10 (20 days)
 *   D3 05-05 INVOICE Alfa   Export 1 × 300 @0     =  300 +   0 =  300, due 06-15 (15 days late), department Sales
 *   D4 05-10 CREDIT_NOTE Alfa Consulting −1 × 200 @21 = −200 − 42 = −242
 *   D5 05-20 INVOICE Beta EUR at 25: Licence 1 × 100 @21 = 2500 + 525 = 3025 CZK, due 05-25 (36 days late)
 * Not counted: a cancelled invoice, a proforma, a draft. Costs: K1 04-05 1000 @21 (1210, VAT 210); K2 05-08
 * 500 @12 (560, VAT 60). Today (aging): 2026-06-30.
 */
describe('reports: statistics', () => {
  let app: TestApp;
  let company: Company;
  let sales: string;
  let alfa: any;
  let beta: any;
  const docs: Record<string, any> = {};

  before(async () => {
    app = await startTestApp();
    company = await makeCompany(app);
    await setBilling(app, company.token);
    sales = (await app.post('/api/v1/departments', { name: 'Sales' }, company.token)).body.id;
    alfa = await makeContact(app, company.token, { name: 'Alfa s.r.o.' });
    beta = await makeContact(app, company.token, { name: 'Beta a.s.' });
    const issue = (
      contact: any,
      issuedAt: string,
      dueAt: string,
      items: object[],
      extra: Record<string, unknown> = {},
    ) =>
      makeDocument(app, company.token, { status: 'ISSUED', contactId: contact.id, issuedAt, dueAt, items, ...extra });
    docs.d6 = await issue(alfa, '2026-01-15', '2026-03-01', [line('Consulting', 1, 1000, 21)]);
    docs.d7 = await issue(beta, '2026-03-10', '2026-04-15', [line('Book', 10, 100, 12)]);
    docs.d1 = await issue(alfa, '2026-04-10', '2026-06-30', [line('Consulting', 2, 500, 21)]);
    docs.d2 = await issue(beta, '2026-04-20', '2026-05-04', [line('Book', 1, 100, 12)]);
    docs.d3 = await issue(alfa, '2026-05-05', '2026-06-15', [line('Export', 1, 300, 0)], { departmentId: sales });
    docs.d4 = await issue(alfa, '2026-05-10', '2026-05-10', [line('Consulting', -1, 200, 21)], { type: 'CREDIT_NOTE' });
    docs.d5 = await issue(beta, '2026-05-20', '2026-05-25', [line('Licence', 1, 100, 21)], {
      currency: 'EUR',
      exchangeRate: 25,
    });
    const cancelled = await issue(alfa, '2026-04-12', '2026-04-26', [line('Consulting', 1, 999, 21)]);
    const cancel = await app.post(
      `/api/v1/documents/${cancelled.id}/transition`,
      { status: 'CANCELLED' },
      company.token,
    );
    expect(cancel.status, cancel.text).to.equal(200);
    await issue(beta, '2026-04-15', '2026-04-29', [line('Consulting', 1, 5000, 21)], { type: 'PROFORMA' });
    await makeDocument(app, company.token, {
      contactId: alfa.id,
      issuedAt: '2026-04-16',
      items: [line('Draft', 1, 7, 21)],
    });

    const supplier = await makeSupplier(app, company.token);
    const cost = (day: string, unitPrice: string, vatRate: number) =>
      makeCost(app, company.token, supplier.id, {
        issuedAt: day,
        receivedAt: day,
        vatClaimDate: day,
        items: [{ name: 'Material', quantity: 1, unit: 'ks', unitPrice, vatRate }],
      });
    await cost('2026-04-05', '1000.00', 21);
    await cost('2026-05-08', '500.00', 12);
    docs.k3 = await cost('2025-03-03', '300.00', 21); // outside the ranges below; cancelled in the last test

    // D1 partly paid, D2 in full on 10 May (paidAt is when the payment is matched).
    await setClock(app, '2026-05-10T08:00:00Z');
    const account = await makeBankAccount(app, company.token);
    const imported = await importPayments(app, company.token, account.id, [
      makePaymentLine({ amount: '500.00', receivedAt: '2026-05-09T09:00:00Z' }),
      makePaymentLine({ amount: '112.00', receivedAt: '2026-05-10T07:00:00Z' }),
    ]);
    const payments = (await app.get('/api/v1/payments?limit=10', company.token)).body.data;
    expect(payments.length, JSON.stringify(imported)).to.equal(2);
    for (const [amount, doc] of [
      ['500.00', docs.d1],
      ['112.00', docs.d2],
    ]) {
      const payment = payments.find((p: any) => p.amount === amount);
      const res = await app.put(`/api/v1/payments/${payment.id}/match`, { documentId: doc.id }, company.token);
      expect(res.status, res.text).to.equal(200);
    }
    await setClock(app, '2026-06-30T08:00:00Z');
    await login();
  });
  after(() => app.stop());

  /** The owner's session anew after the Clock moved. */
  async function login() {
    const res = await app.post('/api/v1/auth/login', { email: company.email, password: company.password });
    expect(res.status, res.text).to.equal(200);
    company.token = res.body.token;
  }

  const statistics = (query: string, token = company.token) => app.get(`/api/v1/reports/statistics?${query}`, token);

  const aging = {
    notYetDue: { amount: '710.00', count: 1 },
    d1_30: { amount: '300.00', count: 1 },
    d31_60: { amount: '3025.00', count: 1 },
    d61_90: { amount: '1120.00', count: 1 },
    d90plus: { amount: '1210.00', count: 1 },
  };
  const topCustomers = () => [
    { contactId: beta.id, name: 'Beta a.s.', revenue: '3600.00', documentCount: 3 },
    { contactId: alfa.id, name: 'Alfa s.r.o.', revenue: '2100.00', documentCount: 4 },
  ];
  const topProducts = [
    { name: 'Licence', revenue: '2500.00', quantity: '1' },
    { name: 'Consulting', revenue: '1800.00', quantity: '2' },
    { name: 'Book', revenue: '1100.00', quantity: '11' },
    { name: 'Export', revenue: '300.00', quantity: '1' },
  ];

  it('per month: invoiced (credit note subtracted, EUR at its rate, cancelled and proforma left out), paid, costs, VAT balance', async () => {
    const res = await statistics('from=2026-01-01&to=2026-06-30&groupBy=month');
    expect(res.status, res.text).to.equal(200);
    expect(res.body).to.deep.equal({
      from: '2026-01-01',
      to: '2026-06-30',
      groupBy: 'month',
      periods: [
        period('2026-01', '2026-01-01', '2026-01-31', {
          documentCount: 1,
          base: '1000.00',
          vat: '210.00',
          total: '1210.00',
        }),
        period('2026-02', '2026-02-01', '2026-02-28', zero),
        period('2026-03', '2026-03-01', '2026-03-31', {
          documentCount: 1,
          base: '1000.00',
          vat: '120.00',
          total: '1120.00',
        }),
        period(
          '2026-04',
          '2026-04-01',
          '2026-04-30',
          { documentCount: 2, base: '1100.00', vat: '222.00', total: '1322.00' },
          { paid: '612.00', costs: '1210.00', inputVat: '210.00', vatBalance: '12.00' },
        ),
        period(
          '2026-05',
          '2026-05-01',
          '2026-05-31',
          { documentCount: 3, base: '2600.00', vat: '483.00', total: '3083.00' },
          { costs: '560.00', inputVat: '60.00', vatBalance: '423.00', cashIn: '612.00' },
        ),
        period('2026-06', '2026-06-01', '2026-06-30', zero),
      ],
      aging,
      topCustomers: topCustomers(),
      topProducts,
      averageDaysToPayment: 20,
      unconvertedDocumentCount: 0,
    });
  });

  it('per quarter and per year: the same sums', async () => {
    const quarters = await statistics('from=2026-01-01&to=2026-06-30&groupBy=quarter');
    expect(quarters.status, quarters.text).to.equal(200);
    expect(quarters.body.periods).to.deep.equal([
      period('2026-Q1', '2026-01-01', '2026-03-31', {
        documentCount: 2,
        base: '2000.00',
        vat: '330.00',
        total: '2330.00',
      }),
      period(
        '2026-Q2',
        '2026-04-01',
        '2026-06-30',
        { documentCount: 5, base: '3700.00', vat: '705.00', total: '4405.00' },
        { paid: '612.00', costs: '1770.00', inputVat: '270.00', vatBalance: '435.00', cashIn: '612.00' },
      ),
    ]);
    const year = await statistics('from=2026-01-01&to=2026-06-30&groupBy=year');
    expect(year.body.periods).to.deep.equal([
      period(
        '2026',
        '2026-01-01',
        '2026-06-30',
        { documentCount: 7, base: '5700.00', vat: '1035.00', total: '6735.00' },
        { paid: '612.00', costs: '1770.00', inputVat: '270.00', vatBalance: '765.00', cashIn: '612.00' },
      ),
    ]);
  });

  it('per ISO week and per day, the first period cut at the range’s first day', async () => {
    // 2026-05-06 is a Wednesday of ISO week 19 (4–10 May): D3 of 5 May is before the range.
    const weeks = await statistics('from=2026-05-06&to=2026-05-17&groupBy=week');
    expect(weeks.status, weeks.text).to.equal(200);
    expect(weeks.body.periods).to.deep.equal([
      period(
        '2026-W19',
        '2026-05-06',
        '2026-05-10',
        { documentCount: 1, base: '-200.00', vat: '-42.00', total: '-242.00' },
        // The payments of 9 and 10 May (cash by the day received).
        { costs: '560.00', inputVat: '60.00', vatBalance: '-102.00', cashIn: '612.00' },
      ),
      period('2026-W20', '2026-05-11', '2026-05-17', zero),
    ]);
    expect(weeks.body.topCustomers).to.deep.equal([
      { contactId: alfa.id, name: 'Alfa s.r.o.', revenue: '-200.00', documentCount: 1 },
    ]);
    const days = await statistics('from=2026-05-09&to=2026-05-11&groupBy=day');
    expect(days.body.periods).to.deep.equal([
      period('2026-05-09', '2026-05-09', '2026-05-09', zero, { cashIn: '500.00' }),
      period(
        '2026-05-10',
        '2026-05-10',
        '2026-05-10',
        { documentCount: 1, base: '-200.00', vat: '-42.00', total: '-242.00' },
        { cashIn: '112.00' },
      ),
      period('2026-05-11', '2026-05-11', '2026-05-11', zero),
    ]);
    // A week of the turn of the year belongs to the year of its Thursday.
    const turn = await statistics('from=2026-12-30&to=2027-01-05&groupBy=week');
    expect(turn.body.periods.map((p: any) => [p.period, p.from, p.to])).to.deep.equal([
      ['2026-W53', '2026-12-30', '2027-01-03'],
      ['2027-W01', '2027-01-04', '2027-01-05'],
    ]);
  });

  it('moves the aging with the Clock', async () => {
    await setClock(app, '2026-07-20T08:00:00Z');
    await login();
    try {
      const res = await statistics('from=2026-07-01&to=2026-07-31&groupBy=month');
      expect(res.body.aging).to.deep.equal({
        notYetDue: { amount: '0.00', count: 0 },
        d1_30: { amount: '710.00', count: 1 },
        d31_60: { amount: '3325.00', count: 2 },
        d61_90: { amount: '0.00', count: 0 },
        d90plus: { amount: '2330.00', count: 2 },
      });
    } finally {
      await setClock(app, '2026-06-30T08:00:00Z');
      await login();
    }
  });

  it('limits a member to its departments’ documents, as the sales report does', async () => {
    const member = await makeUser(app, company, { permissions: { reports: 'read' }, departmentIds: [sales] });
    const res = await statistics('from=2026-05-01&to=2026-05-31&groupBy=month', member.token);
    expect(res.status, res.text).to.equal(200);
    expect(res.body.periods).to.deep.equal([
      // Costs have no department: the member sees them as in the VAT report. Payments have none
      // either, and no document to follow: the cash is not the member's to see (null).
      {
        ...period(
          '2026-05',
          '2026-05-01',
          '2026-05-31',
          { documentCount: 1, base: '300.00', vat: '0.00', total: '300.00' },
          { costs: '560.00', inputVat: '60.00', vatBalance: '-60.00' },
        ),
        cashIn: null,
        cashOut: null,
        otherCurrencyPayments: null,
      },
    ]);
    expect(res.body.aging.d1_30).to.deep.equal({ amount: '300.00', count: 1 });
    expect(res.body.aging.d31_60).to.deep.equal({ amount: '0.00', count: 0 });
    expect(res.body.topCustomers).to.deep.equal([
      { contactId: alfa.id, name: 'Alfa s.r.o.', revenue: '300.00', documentCount: 1 },
    ]);
    const report = await app.get('/api/v1/reports/sales?from=2026-05-01&to=2026-05-31', member.token);
    expect(report.body.czkTotal).to.include({ documentCount: 1, base: '300.00', total: '300.00' });
    const none = await makeUser(app, company, { permissions: { documents: 'read' } });
    expect((await statistics('from=2026-05-01&to=2026-05-31&groupBy=month', none.token)).status).to.equal(403);
  });

  it('validates the range and the grouping', async () => {
    for (const [query, path] of [
      ['from=2026-05-01&to=2026-04-30&groupBy=month', 'to'],
      ['from=2016-01-01&to=2026-01-01&groupBy=month', 'to'],
      ['from=2026-05-01&to=2026-05-31&groupBy=fortnight', 'groupBy'],
      ['from=2026-5-1&to=2026-05-31&groupBy=day', 'from'],
    ]) {
      const res = await statistics(query);
      expect(res.status, query).to.equal(400);
      expect(res.body.code).to.equal('VALIDATION_FAILED');
      expect(JSON.stringify(res.body), query).to.contain(path);
    }
    const tenYears = await statistics('from=2016-01-02&to=2026-01-01&groupBy=year');
    expect(tenYears.status, tenYears.text).to.equal(200);
    expect(tenYears.body.periods).to.have.length(11);
  });

  it('serves the same statistics through GraphQL', async () => {
    const res = await app.graphql(
      `query($from: String!, $to: String!, $groupBy: String!) {
        statistics(from: $from, to: $to, groupBy: $groupBy) {
          from to groupBy
          periods { period from to invoiced { documentCount base vat total } paid costs outputVat inputVat vatBalance cashIn cashOut otherCurrencyPayments }
          aging { notYetDue { amount count } d1_30 { amount count } d31_60 { amount count } d61_90 { amount count } d90plus { amount count } }
          topCustomers { contactId name revenue documentCount }
          topProducts { name revenue quantity }
          averageDaysToPayment unconvertedDocumentCount
        }
      }`,
      { from: '2026-01-01', to: '2026-06-30', groupBy: 'quarter' },
      company.token,
    );
    expect(res.body.errors).to.equal(undefined);
    const rest = await statistics('from=2026-01-01&to=2026-06-30&groupBy=quarter');
    expect(res.body.data.statistics).to.deep.equal(asGraphQLDecimals(rest.body));
  });

  it('keeps the per-day sums exact through issue, edit, payment, credit note, cancel and delete', async () => {
    const db = new Client({ connectionString: app.databaseUrl });
    await db.connect();
    try {
      // Each table's rows with a document in them, as text in a stable order (numbers without trailing zeros).
      const kept = async () => {
        const rows: Record<string, string[]> = {};
        for (const table of DAY_TOTALS_TABLES) {
          const found = (await db.query(`SELECT * FROM ${table} WHERE n <> 0`)).rows;
          rows[table] = found
            .map((r) =>
              JSON.stringify(r, (_, v) => (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v)),
            )
            .sort();
        }
        return rows;
      };
      // The sums the backfill computes from the documents as they are now (then rolled back).
      const recomputed = async () => {
        await db.query('BEGIN');
        try {
          for (const table of DAY_TOTALS_TABLES) await db.query(`DELETE FROM ${table}`);
          for (const statement of DAY_TOTALS_BACKFILL) await db.query(statement);
          return await kept();
        } finally {
          await db.query('ROLLBACK');
        }
      };
      const exact = async (step: string) => expect(await kept(), step).to.deep.equal(await recomputed());
      await exact('the data set above');

      const token = company.token;
      const draft = await makeDocument(app, token, {
        contactId: beta.id,
        issuedAt: '2026-06-01',
        items: [line('Consulting', 3, 700, 21), line('Book', 2, 50, 12)],
      });
      await exact('a draft');
      expect((await app.post(`/api/v1/documents/${draft.id}/transition`, { status: 'ISSUED' }, token)).status).to.equal(
        200,
      );
      await exact('issued');
      const edit = await app.patch(
        `/api/v1/documents/${draft.id}`,
        { items: [line('Consulting', 4, 700, 21)], taxableSupplyDate: '2026-05-31', departmentId: sales },
        token,
      );
      expect(edit.status, edit.text).to.equal(200);
      await exact('edited after issue');
      const credit = await app.post(
        `/api/v1/documents/${draft.id}/credit-note`,
        { reason: 'Sleva', issuedAt: '2026-06-20', items: [line('Consulting', 1, -700, 21)] },
        token,
      );
      expect(credit.status, credit.text).to.equal(201);
      await exact('credit note');
      expect((await app.post(`/api/v1/documents/${draft.id}/transition`, { status: 'PAID' }, token)).status).to.equal(
        200,
      );
      await exact('paid');
      expect(
        (await app.post(`/api/v1/documents/${docs.d7.id}/transition`, { status: 'CANCELLED' }, token)).status,
      ).to.equal(200);
      await exact('cancelled');
      const cost = await app.post(`/api/v1/costs/${docs.k3.id}/cancel`, {}, token);
      expect(cost.status, cost.text).to.equal(200);
      await exact('a cost cancelled');
      const deleted = await makeDocument(app, token, { items: [line('Draft', 1, 1, 21)] });
      expect((await app.del(`/api/v1/documents/${deleted.id}`, token)).status).to.equal(204);
      await exact('a draft deleted');

      // The sales and VAT reports (read from the sums) still agree with the statistics.
      const month = await statistics('from=2026-06-01&to=2026-06-30&groupBy=month');
      const salesReport = await app.get('/api/v1/reports/sales?from=2026-06-01&to=2026-06-30', token);
      expect(month.body.periods[0].invoiced).to.deep.equal({
        documentCount: salesReport.body.czkTotal.documentCount,
        base: salesReport.body.czkTotal.base,
        vat: salesReport.body.czkTotal.vat,
        total: salesReport.body.czkTotal.total,
      });
      expect(month.body.periods[0].invoiced).to.deep.equal({
        documentCount: 2,
        base: '2100.00',
        vat: '441.00',
        total: '2541.00',
      });
      const vat = await app.get('/api/v1/reports/vat?from=2026-05-01&to=2026-05-31', token);
      expect(vat.body.balance[0].outputVat).to.equal('1071.00'); // 483 + 588 (the edited invoice's DUZP 31 May)
    } finally {
      await db.end();
    }
  });
});
