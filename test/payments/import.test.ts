import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { startTestApp, type TestApp } from '../helpers/app';
import {
  type Company,
  importPayments,
  makeApiKey,
  makeBankAccount,
  makeCompany,
  makePaymentLine,
  makeUser,
} from '../helpers/fixtures';
import { lastEventSeq, orgEventRecords } from '../helpers/outbox';

describe('statement import', () => {
  let app: TestApp;
  let company: Company;
  let account: any;
  before(async () => {
    app = await startTestApp();
    company = await makeCompany(app);
    account = await makeBankAccount(app, company.token);
  });
  after(() => app.stop());

  it('creates one payment per line and records payment.imported with the SPEC payload', async () => {
    const seq = await lastEventSeq(app);
    const lines = [
      makePaymentLine({ amount: 1250.5, variableSymbol: '0000123', receivedAt: '2026-03-02T09:15:00+01:00' }),
      makePaymentLine({
        amount: '99.90',
        direction: 'OUT',
        currency: undefined,
        counterAccount: null,
        receivedAt: '2026-03-03',
      }),
    ];
    const result = await importPayments(app, company.token, account.id, lines);
    expect(result.bankAccountId).to.equal(account.id);
    expect(result.summary).to.deep.equal({ imported: 2, duplicates: 0, matched: 0 });
    expect(result.lines.map((l: any) => [l.transactionId, l.result])).to.deep.equal([
      [lines[0].transactionId, 'IMPORTED'],
      [lines[1].transactionId, 'IMPORTED'],
    ]);
    const [first, second] = result.lines.map((l: any) => l.payment);
    const { id, createdAt, updatedAt, ...rest } = first;
    expect(rest).to.deep.equal({
      bankAccountId: account.id,
      transactionId: lines[0].transactionId,
      amount: '1250.50',
      currency: 'CZK',
      direction: 'IN',
      receivedAt: '2026-03-02T08:15:00.000Z',
      variableSymbol: '0000123',
      constantSymbol: null,
      specificSymbol: null,
      counterAccount: '123456789/0800',
      counterAccountName: null,
      message: null,
      method: null,
      note: null,
      source: 'MANUAL_IMPORT',
      matchStatus: 'UNMATCHED',
      documentId: null,
      costId: null,
      matchedAt: null,
      matchedBy: null,
      appliedAmount: null,
    });
    expect(createdAt).to.match(/Z$/);
    expect(updatedAt).to.equal(createdAt);
    // A bare date is the start of that day in Prague.
    expect(second).to.include({
      amount: '99.90',
      direction: 'OUT',
      currency: 'CZK',
      receivedAt: '2026-03-02T23:00:00.000Z',
      counterAccount: null,
    });

    const events = await orgEventRecords(app, company.organizationId, seq);
    expect(events.map((e) => e.event)).to.deep.equal(['payment.imported', 'payment.imported']);
    expect(events[0].data).to.deep.equal({
      id,
      amount: 1250.5,
      currency: 'CZK',
      direction: 'IN',
      receivedAt: '2026-03-02T08:15:00.000Z',
      variableSymbol: '0000123',
      counterAccount: '123456789/0800',
      matchStatus: 'UNMATCHED',
      documentId: null,
      bankAccountId: account.id,
      source: 'MANUAL_IMPORT',
    });
    expect(events[1].data).to.deep.include({
      id: second.id,
      amount: 99.9,
      direction: 'OUT',
      counterAccount: null,
      variableSymbol: null,
    });

    const fetched = await app.get(`/api/v1/payments/${id}`, company.token);
    expect(fetched.status).to.equal(200);
    expect(fetched.body).to.deep.equal(first);
  });

  it('reports a repeated import as duplicates and creates nothing', async () => {
    const lines = [makePaymentLine(), makePaymentLine()];
    const first = await importPayments(app, company.token, account.id, lines);
    const seq = await lastEventSeq(app);
    const again = await importPayments(app, company.token, account.id, [
      ...lines,
      makePaymentLine({ transactionId: lines[0].transactionId, amount: '5.00' }),
    ]);
    expect(again.summary).to.deep.equal({ imported: 0, duplicates: 3, matched: 0 });
    expect(again.lines.map((l: any) => l.result)).to.deep.equal(['DUPLICATE', 'DUPLICATE', 'DUPLICATE']);
    // A duplicate line shows the payment imported before, unchanged by the new line's values.
    expect(again.lines[0].payment).to.deep.equal(first.lines[0].payment);
    expect(again.lines[2].payment).to.deep.equal(first.lines[0].payment);
    expect(await orgEventRecords(app, company.organizationId, seq)).to.deep.equal([]);
  });

  it('imports a transaction id repeated within one request once', async () => {
    const seq = await lastEventSeq(app);
    const a = makePaymentLine();
    const result = await importPayments(app, company.token, account.id, [
      a,
      makePaymentLine(),
      { ...a, amount: '1.00' },
    ]);
    expect(result.summary).to.deep.equal({ imported: 2, duplicates: 1, matched: 0 });
    expect(result.lines.map((l: any) => l.result)).to.deep.equal(['IMPORTED', 'IMPORTED', 'DUPLICATE']);
    expect(result.lines[2].payment).to.deep.equal(result.lines[0].payment);
    expect(result.lines[0].payment.amount).to.equal('1000.00');
    expect((await orgEventRecords(app, company.organizationId, seq)).map((e) => e.event)).to.deep.equal([
      'payment.imported',
      'payment.imported',
    ]);
  });

  it('scopes transaction ids per bank account', async () => {
    const other = await makeBankAccount(app, company.token, { name: 'Second' });
    const a = makePaymentLine();
    expect((await importPayments(app, company.token, account.id, [a])).summary.imported).to.equal(1);
    expect((await importPayments(app, company.token, other.id, [a])).summary.imported).to.equal(1);
  });

  it('creates each payment once when the same statement is imported concurrently', async () => {
    const own = await makeCompany(app);
    const key = await makeApiKey(app, own);
    const acct = await makeBankAccount(app, key.key);
    const seq = await lastEventSeq(app);
    const statement = Array.from({ length: 40 }, (_, i) => makePaymentLine({ amount: `${100 + i}.00` }));
    // Half of the imports list the lines in reverse: overlapping inserts must queue, not deadlock.
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        app.post(
          '/api/v1/payments/import',
          { bankAccountId: acct.id, payments: i % 2 ? statement : [...statement].reverse() },
          key.key,
        ),
      ),
    );
    for (const r of results) expect(r.status, r.text).to.equal(200);
    const imported = results.reduce((n, r) => n + r.body.summary.imported, 0);
    const duplicates = results.reduce((n, r) => n + r.body.summary.duplicates, 0);
    expect(imported).to.equal(40);
    expect(duplicates).to.equal(40 * 7);
    // Every response names the same payment for a line, whichever import created it.
    const paymentOf = new Map<string, Set<string>>();
    for (const r of results)
      for (const l of r.body.lines)
        paymentOf.set(l.transactionId, (paymentOf.get(l.transactionId) ?? new Set()).add(l.payment.id));
    expect(paymentOf.size).to.equal(40);
    for (const ids of paymentOf.values()) expect(ids.size).to.equal(1);
    const events = await orgEventRecords(app, own.organizationId, seq);
    expect(events.filter((e) => e.event === 'payment.imported')).to.have.length(40);
    const list = await app.get(`/api/v1/payments?bankAccountId=${acct.id}&limit=200`, key.key);
    expect(list.body.data).to.have.length(40);
  });

  describe('bad input', () => {
    const cases: [string, () => Record<string, unknown>, string][] = [
      ['a missing bankAccountId', () => ({ payments: [makePaymentLine()] }), 'bankAccountId'],
      [
        'a bankAccountId that is not a UUID',
        () => ({ bankAccountId: 'acc-1', payments: [makePaymentLine()] }),
        'bankAccountId',
      ],
      ['no lines', () => ({ bankAccountId: account.id, payments: [] }), 'payments'],
      ['lines that are not an array', () => ({ bankAccountId: account.id, payments: 'x' }), 'payments'],
      [
        'a line without transactionId',
        () => ({ bankAccountId: account.id, payments: [makePaymentLine({ transactionId: undefined })] }),
        'payments[0].transactionId',
      ],
      [
        'a zero amount',
        () => ({ bankAccountId: account.id, payments: [makePaymentLine({ amount: 0 })] }),
        'payments[0].amount',
      ],
      [
        'a negative amount',
        () => ({ bankAccountId: account.id, payments: [makePaymentLine({ amount: '-5.00' })] }),
        'payments[0].amount',
      ],
      [
        'three decimal places',
        () => ({ bankAccountId: account.id, payments: [makePaymentLine({ amount: '1.005' })] }),
        'payments[0].amount',
      ],
      [
        'an amount of the wrong type',
        () => ({ bankAccountId: account.id, payments: [makePaymentLine({ amount: true })] }),
        'payments[0].amount',
      ],
      [
        'an unknown direction',
        () => ({ bankAccountId: account.id, payments: [makePaymentLine({ direction: 'SIDEWAYS' })] }),
        'payments[0].direction',
      ],
      [
        'an invalid receivedAt',
        () => ({ bankAccountId: account.id, payments: [makePaymentLine({ receivedAt: 'yesterday' })] }),
        'payments[0].receivedAt',
      ],
      [
        'a non-numeric variable symbol',
        () => ({ bankAccountId: account.id, payments: [makePaymentLine({ variableSymbol: 'ABC' })] }),
        'payments[0].variableSymbol',
      ],
      [
        'an 11-digit variable symbol',
        () => ({ bankAccountId: account.id, payments: [makePaymentLine({ variableSymbol: '12345678901' })] }),
        'payments[0].variableSymbol',
      ],
      [
        'a currency other than the account’s',
        () => ({ bankAccountId: account.id, payments: [makePaymentLine(), makePaymentLine({ currency: 'EUR' })] }),
        'payments[1].currency',
      ],
      [
        'more than 1000 lines',
        () => ({ bankAccountId: account.id, payments: Array.from({ length: 1001 }, () => makePaymentLine()) }),
        'payments',
      ],
    ];
    for (const [what, body, path] of cases) {
      it(`rejects ${what} with 400 and creates nothing`, async () => {
        const seq = await lastEventSeq(app);
        const res = await app.post('/api/v1/payments/import', body(), company.token);
        expect(res.status, res.text).to.equal(400);
        expect(res.body.code).to.equal('VALIDATION_FAILED');
        expect(res.body.details.map((d: { path: string }) => d.path)).to.include(path);
        expect(await orgEventRecords(app, company.organizationId, seq)).to.deep.equal([]);
      });
    }

    it('answers 404 for an unknown bank account and another organization’s account', async () => {
      const other = await makeCompany(app);
      const foreign = await makeBankAccount(app, other.token);
      for (const bankAccountId of [randomUUID(), foreign.id]) {
        const res = await app.post(
          '/api/v1/payments/import',
          { bankAccountId, payments: [makePaymentLine()] },
          company.token,
        );
        expect(res.status).to.equal(404);
        expect(res.body).to.deep.equal({ error: 'Not Found', message: 'Bank account not found', code: 'NOT_FOUND' });
      }
      const list = await app.get(`/api/v1/payments?bankAccountId=${foreign.id}`, other.token);
      expect(list.body.data).to.deep.equal([]);
    });
  });

  describe('listing', () => {
    let own: Company;
    let acctA: any;
    let acctB: any;
    let payments: any[];
    before(async () => {
      own = await makeCompany(app);
      acctA = await makeBankAccount(app, own.token, { name: 'A' });
      acctB = await makeBankAccount(app, own.token, { name: 'B' });
      const a = await importPayments(app, own.token, acctA.id, [
        makePaymentLine(),
        makePaymentLine({ direction: 'OUT' }),
        makePaymentLine(),
      ]);
      const b = await importPayments(app, own.token, acctB.id, [makePaymentLine()]);
      payments = [...a.lines, ...b.lines].map((l: any) => l.payment);
    });

    const ids = (res: any) => res.body.data.map((p: { id: string }) => p.id).sort();

    it('lists the organization’s payments with filters', async () => {
      const all = await app.get('/api/v1/payments', own.token);
      expect(all.status).to.equal(200);
      expect(ids(all)).to.deep.equal(payments.map((p) => p.id).sort());
      expect(all.body.nextCursor).to.equal(null);
      expect(ids(await app.get(`/api/v1/payments?bankAccountId=${acctB.id}`, own.token))).to.deep.equal([
        payments[3].id,
      ]);
      expect(ids(await app.get('/api/v1/payments?direction=OUT', own.token))).to.deep.equal([payments[1].id]);
      expect(ids(await app.get('/api/v1/payments?matchStatus=UNMATCHED', own.token))).to.have.length(4);
      expect(ids(await app.get('/api/v1/payments?matchStatus=AUTO_MATCHED', own.token))).to.deep.equal([]);
      expect(ids(await app.get(`/api/v1/payments?documentId=${randomUUID()}`, own.token))).to.deep.equal([]);
    });

    it('pages with limit and cursor', async () => {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const res: any = await app.get(`/api/v1/payments?limit=3${cursor ? `&cursor=${cursor}` : ''}`, own.token);
        expect(res.status).to.equal(200);
        expect(res.body.data.length).to.be.at.most(3);
        seen.push(...res.body.data.map((p: { id: string }) => p.id));
        cursor = res.body.nextCursor;
      } while (cursor);
      expect(seen.sort()).to.deep.equal(payments.map((p) => p.id).sort());
    });

    it('rejects bad filters with 400', async () => {
      for (const query of [
        'matchStatus=PAID',
        'direction=up',
        'bankAccountId=x',
        'documentId=1',
        'limit=0',
        'limit=201',
        'cursor=%%%',
      ]) {
        const res = await app.get(`/api/v1/payments?${query}`, own.token);
        expect(res.status, query).to.equal(400);
        expect(res.body.code).to.equal('VALIDATION_FAILED');
      }
    });

    it('answers 404 for unknown, malformed and other organizations’ payment ids', async () => {
      for (const id of [randomUUID(), 'nope', payments[0].id]) {
        const res = await app.get(`/api/v1/payments/${id}`, company.token);
        expect(res.status, id).to.equal(404);
        expect(res.body).to.deep.equal({ error: 'Not Found', message: 'Payment not found', code: 'NOT_FOUND' });
      }
    });
  });

  it('needs payments:write to import and payments:read to list', async () => {
    const none = await makeUser(app, company, { permissions: { documents: 'write', contacts: 'write' } });
    const reader = await makeUser(app, company, { permissions: { payments: 'read' } });
    const importAs = (token: string) =>
      app.post('/api/v1/payments/import', { bankAccountId: account.id, payments: [makePaymentLine()] }, token);
    for (const [token, scope] of [
      [none.token, 'payments:write'],
      [reader.token, 'payments:write'],
    ] as const) {
      const res = await importAs(token);
      expect(res.status).to.equal(403);
      expect(res.body).to.deep.include({ code: 'FORBIDDEN', details: { requiredScope: scope } });
    }
    const list = await app.get('/api/v1/payments', none.token);
    expect(list.status).to.equal(403);
    expect(list.body.details).to.deep.equal({ requiredScope: 'payments:read' });
    expect((await app.get('/api/v1/payments', reader.token)).status).to.equal(200);
    expect((await app.get(`/api/v1/payments/${randomUUID()}`, none.token)).status).to.equal(403);
    expect((await app.post('/api/v1/payments/import', {}, undefined)).status).to.equal(401);
  });
});
