import { expect } from 'chai';
import { startTestApp, type TestApp } from '../helpers/app';
import {
  importPayments,
  makeBankAccount,
  makeCompany,
  makeInvoice,
  makePaymentLine,
  makeUser,
  type Company,
} from '../helpers/fixtures';

const PAGE = `query { payments(limit: 50) { data { transactionId suggestion { documentId number reason remainingAmount } } } }`;

/** Payment.suggestion over GraphQL: the same answers as GET /payments/{id}/suggestion, one lookup for a page. */
describe('payments: suggestions for a page of payments', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp();
  });
  after(() => app.stop());

  /** Counts the calls of a method of a live object for the duration of `run`. */
  async function counting<T>(
    target: any,
    method: string,
    run: () => Promise<T>,
  ): Promise<{ result: T; calls: any[][] }> {
    const original = target[method];
    const calls: any[][] = [];
    target[method] = function (...args: any[]) {
      calls.push(args);
      return original.apply(this, args);
    };
    try {
      return { result: await run(), calls };
    } finally {
      target[method] = original;
    }
  }

  async function suggestionsOf(token: string): Promise<Record<string, any>> {
    const res = await app.graphql(PAGE, {}, token);
    expect(res.body.errors, res.text).to.equal(undefined);
    return Object.fromEntries(res.body.data.payments.data.map((p: any) => [p.transactionId, p.suggestion]));
  }

  it('answers every row like the REST suggestion, with one service call and one lookup for the whole page', async () => {
    const shop = await makeCompany(app);
    const account = await makeBankAccount(app, shop.token);
    const bySymbol = await makeInvoice(app, shop.token, { total: '300.00', variableSymbol: '4455' });
    const byAmount = await makeInvoice(app, shop.token, { total: '777.00' });
    const paid = await makeInvoice(app, shop.token, { total: '500.00', variableSymbol: '5151' });
    const lines = [
      makePaymentLine({ transactionId: 'OVER', amount: '400.00', variableSymbol: '004455' }),
      makePaymentLine({ transactionId: 'AMOUNT', amount: '777.00', variableSymbol: '1' }),
      makePaymentLine({ transactionId: 'AMOUNT-AGAIN', amount: '777.00' }),
      makePaymentLine({ transactionId: 'NONE', amount: '888.00' }),
      makePaymentLine({ transactionId: 'OUT', amount: '777.00', direction: 'OUT' }),
      makePaymentLine({ transactionId: 'MATCHED', amount: '500.00', variableSymbol: paid.variableSymbol }),
    ];
    const imported = await importPayments(app, shop.token, account.id, lines);
    expect(imported.summary.matched).to.equal(1);

    const service = app.app.container.services.payments.payments;
    const lookup = (service as any).documents;
    let lookups: any[][] = [];
    const { result: page, calls } = await counting(service, 'suggestions', async () => {
      const counted = await counting(lookup, 'likelyPaidBy', () => suggestionsOf(shop.token));
      lookups = counted.calls;
      return counted.result;
    });
    expect(calls.length, 'service calls').to.equal(1);
    expect(calls[0][1].map((p: any) => p.transactionId)).to.have.members(lines.map((l) => l.transactionId));
    expect(lookups.length, 'lookups').to.equal(1);
    expect(lookups[0][2].length, 'payments looked up: the unmatched incoming ones').to.equal(4);

    expect(page).to.deep.equal({
      OVER: { documentId: bySymbol.id, number: bySymbol.number, reason: 'VARIABLE_SYMBOL', remainingAmount: '300.00' },
      AMOUNT: { documentId: byAmount.id, number: byAmount.number, reason: 'AMOUNT', remainingAmount: '777.00' },
      'AMOUNT-AGAIN': { documentId: byAmount.id, number: byAmount.number, reason: 'AMOUNT', remainingAmount: '777.00' },
      NONE: null,
      OUT: null,
      MATCHED: null,
    });
    for (const line of imported.lines) {
      const rest = await app.get(`/api/v1/payments/${line.payment.id}/suggestion`, shop.token);
      const expected = rest.body.suggestion;
      expect(page[line.transactionId], line.transactionId).to.deep.equal(
        expected && {
          documentId: expected.documentId,
          number: expected.number,
          reason: expected.reason,
          remainingAmount: expected.remainingAmount,
        },
      );
    }

    const none = await counting(lookup, 'likelyPaidBy', () =>
      app.graphql(
        `query { payments(matchStatus: AUTO_MATCHED) { data { suggestion { documentId } } } }`,
        {},
        shop.token,
      ),
    );
    expect(none.result.body.data.payments.data).to.deep.equal([{ suggestion: null }]);
    expect(
      none.calls.map((c) => c[2].length),
      'a page without an open payment looks nothing up',
    ).to.deep.equal([0]);
  });

  it('keeps each request to what its caller may see: companies and departments asking at once', async () => {
    const a: Company = await makeCompany(app);
    const b: Company = await makeCompany(app);
    const department = (await app.post('/api/v1/departments', { name: 'Brno' }, a.token)).body;
    const inBrno = await makeInvoice(app, a.token, { total: '640.00', departmentId: department.id });
    const elsewhere = await makeInvoice(app, a.token, { total: '650.00' });
    const ofB = await makeInvoice(app, b.token, { total: '640.00' });
    await importPayments(app, a.token, (await makeBankAccount(app, a.token)).id, [
      makePaymentLine({ transactionId: 'A-640', amount: '640.00' }),
      makePaymentLine({ transactionId: 'A-650', amount: '650.00' }),
    ]);
    await importPayments(app, b.token, (await makeBankAccount(app, b.token)).id, [
      makePaymentLine({ transactionId: 'B-640', amount: '640.00' }),
    ]);
    const brno = await makeUser(app, a, {
      role: 'MEMBER',
      permissions: { payments: 'read', documents: 'read' },
      departmentIds: [department.id],
    });

    const [ofA, ofBrno, ofBoth] = await Promise.all([
      suggestionsOf(a.token),
      suggestionsOf(brno.token),
      suggestionsOf(b.token),
    ]);
    expect(ofA['A-640'].documentId).to.equal(inBrno.id);
    expect(ofA['A-650'].documentId).to.equal(elsewhere.id);
    expect(ofBrno).to.deep.include({ 'A-650': null });
    expect(ofBrno['A-640'].documentId).to.equal(inBrno.id);
    expect(ofBoth['B-640'].documentId).to.equal(ofB.id);
  });
});
