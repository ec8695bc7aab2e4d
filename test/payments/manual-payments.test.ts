import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { startTestApp, type TestApp } from '../helpers/app';
import { type Company, getDocument, makeBankAccount, makeCompany, makeInvoice, makeUser } from '../helpers/fixtures';
import { lastEventSeq, orgEventRecords } from '../helpers/outbox';
import { documentPayload, paymentCostMatchedPayload, paymentPayload } from '../helpers/payloads';
import { getCost, makeCost, makeSupplier } from '../costs/costs.helpers';

/** Issue 28, point 1: POST /api/v1/payments records a payment by hand (source MANUAL), and GraphQL createPayment. */
describe('payments recorded by hand', () => {
  let app: TestApp;
  let company: Company;
  let symbols = 8_100_000;
  const nextSymbol = () => String(++symbols);

  before(async () => {
    app = await startTestApp();
    company = await makeCompany(app);
  });
  after(() => app.stop());

  const CASH = { amount: '250.00', currency: 'CZK', receivedAt: '2026-06-16T14:20:00Z', method: 'CASH' };
  const record = (body: Record<string, unknown>, token = company.token, headers: Record<string, string> = {}) =>
    app.request('POST', '/api/v1/payments', { token, body, headers });
  const paymentCount = async (token = company.token) =>
    (await app.get('/api/v1/payments?limit=100', token)).body.data.length;

  it('records a cash payment into the CASH account of its currency, source MANUAL, with payment.imported', async () => {
    const own = await makeCompany(app);
    const seq = await lastEventSeq(app);
    const res = await record({ ...CASH, variableSymbol: '0042', note: ' Zaplaceno na pobočce ' }, own.token);
    expect(res.status, res.text).to.equal(201);
    const { id, bankAccountId, transactionId, createdAt, updatedAt, ...rest } = res.body;
    expect(transactionId).to.match(/^MANUAL-[0-9a-f-]{36}$/);
    expect(updatedAt).to.equal(createdAt);
    expect(rest).to.deep.equal({
      amount: '250.00',
      appliedAmount: null,
      currency: 'CZK',
      direction: 'IN',
      receivedAt: '2026-06-16T14:20:00.000Z',
      variableSymbol: '0042',
      constantSymbol: null,
      specificSymbol: null,
      counterAccount: null,
      counterAccountName: null,
      message: null,
      method: 'CASH',
      note: 'Zaplaceno na pobočce',
      source: 'MANUAL',
      matchStatus: 'UNMATCHED',
      documentId: null,
      costId: null,
      matchedAt: null,
      matchedBy: null,
    });
    expect((await app.get(`/api/v1/payments/${id}`, own.token)).body).to.deep.equal(res.body);
    const account = await app.get(`/api/v1/bank-accounts/${bankAccountId}`, own.token);
    expect(account.body).to.include({ name: 'Pokladna CZK', kind: 'CASH', currency: 'CZK', accountNumber: null });

    const events = await orgEventRecords(app, own.organizationId, seq);
    expect(events.map((e) => e.event)).to.deep.equal(['payment.imported']);
    expect(events[0].data).to.deep.equal({ ...paymentPayload(res.body), source: 'MANUAL' });

    // The same CASH account takes the next CZK payment; a EUR payment gets its own.
    const card = await record({ ...CASH, method: 'CARD' }, own.token);
    expect(card.body).to.include({ bankAccountId, method: 'CARD' });
    expect(card.body.transactionId).to.not.equal(transactionId);
    const euro = await record({ ...CASH, currency: 'eur' }, own.token);
    expect(euro.status, euro.text).to.equal(201);
    expect(euro.body.bankAccountId).to.not.equal(bankAccountId);
    const list = await app.get('/api/v1/bank-accounts', own.token);
    expect(list.body.data.map((a: any) => [a.kind, a.currency])).to.have.deep.members([
      ['CASH', 'CZK'],
      ['CASH', 'EUR'],
    ]);
  });

  it('pays a document in full: MANUAL_MATCHED by the user, the invoice PAID, events in order', async () => {
    const invoice = await makeInvoice(app, company.token, { total: '1500.00', variableSymbol: nextSymbol() });
    const seq = await lastEventSeq(app);
    const res = await record({ ...CASH, amount: '1500.00', method: 'TRANSFER', documentId: invoice.id });
    expect(res.status, res.text).to.equal(201);
    expect(res.body).to.include({
      source: 'MANUAL',
      method: 'TRANSFER',
      matchStatus: 'MANUAL_MATCHED',
      documentId: invoice.id,
      matchedBy: company.userId,
    });
    expect(await getDocument(app, company.token, invoice.id)).to.include({
      status: 'PAID',
      paidAmount: '1500.00',
      remainingAmount: '0.00',
    });
    const events = await orgEventRecords(app, company.organizationId, seq);
    expect(events.map((e) => e.event)).to.deep.equal([
      'payment.imported',
      'payment.matched',
      'document.status_changed',
      'document.paid',
    ]);
    const unmatched = { ...paymentPayload(res.body), matchStatus: 'UNMATCHED', documentId: null };
    expect(events[0].data).to.deep.equal({ ...unmatched, source: 'MANUAL' });
    expect(events[1].data).to.deep.equal({
      ...paymentPayload(res.body),
      documentNumber: invoice.number,
      matchedBy: company.userId,
    });
    expect(events[2].data).to.deep.equal({
      ...documentPayload(invoice, { status: 'PAID', paidAmount: 1500 }),
      previousStatus: 'ISSUED',
    });
  });

  it('takes a partial payment: the invoice stays ISSUED with the amount paid', async () => {
    const invoice = await makeInvoice(app, company.token, { total: '1000.00' });
    const res = await record({ ...CASH, amount: '400.00', documentId: invoice.id });
    expect(res.status, res.text).to.equal(201);
    expect(await getDocument(app, company.token, invoice.id)).to.include({
      status: 'ISSUED',
      paidAmount: '400.00',
      remainingAmount: '600.00',
    });
  });

  it('pays a received cost with an outgoing payment', async () => {
    const supplier = await makeSupplier(app, company.token);
    const cost = await makeCost(app, company.token, supplier.id);
    const seq = await lastEventSeq(app);
    const res = await record({ ...CASH, amount: '1210.00', direction: 'OUT', costId: cost.id });
    expect(res.status, res.text).to.equal(201);
    expect(res.body).to.include({ direction: 'OUT', matchStatus: 'MANUAL_MATCHED', costId: cost.id, documentId: null });
    expect(await getCost(app, company.token, cost.id)).to.include({ status: 'PAID', paidAmount: '1210.00' });
    const events = await orgEventRecords(app, company.organizationId, seq);
    expect(events.map((e) => e.event).slice(0, 2)).to.deep.equal(['payment.imported', 'payment.matched']);
    expect(events[1].data).to.deep.equal(paymentCostMatchedPayload(res.body, cost, company.userId));
  });

  it('leaves a payment without a target UNMATCHED even when an invoice fits it exactly', async () => {
    const variableSymbol = nextSymbol();
    const invoice = await makeInvoice(app, company.token, { total: '777.00', variableSymbol });
    const res = await record({ ...CASH, amount: '777.00', variableSymbol });
    expect(res.body).to.include({ matchStatus: 'UNMATCHED', documentId: null });
    expect((await getDocument(app, company.token, invoice.id)).status).to.equal('ISSUED');
  });

  it('refuses a link PUT /match would refuse, and then records no payment and no event', async () => {
    const other = await makeCompany(app);
    const foreign = await makeInvoice(app, other.token);
    const draft = await makeInvoice(app, company.token, { status: 'DRAFT' });
    const euro = await makeInvoice(app, company.token, { currency: 'EUR', exchangeRate: '25' });
    const issued = await makeInvoice(app, company.token);
    const supplier = await makeSupplier(app, company.token);
    const cost = await makeCost(app, company.token, supplier.id);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ documentId: draft.id }, 409, 'DOCUMENT_NOT_PAYABLE'],
      // A CZK payment pays an EUR invoice at its rate; a USD one cannot.
      [{ documentId: euro.id, currency: 'USD' }, 409, 'CURRENCY_MISMATCH'],
      [{ documentId: issued.id, direction: 'OUT' }, 409, 'PAYMENT_NOT_INCOMING'],
      [{ costId: cost.id }, 409, 'PAYMENT_NOT_OUTGOING'],
      [{ documentId: foreign.id }, 404, 'NOT_FOUND'],
      [{ documentId: randomUUID() }, 404, 'NOT_FOUND'],
      [{ documentId: issued.id, costId: cost.id }, 400, 'VALIDATION_FAILED'],
    ];
    const before = await paymentCount();
    const seq = await lastEventSeq(app);
    for (const [target, status, code] of cases) {
      const res = await record({ ...CASH, ...target });
      expect(res.status, JSON.stringify(target)).to.equal(status);
      expect(res.body.code, JSON.stringify(target)).to.equal(code);
    }
    expect(await paymentCount()).to.equal(before);
    expect(await orgEventRecords(app, company.organizationId, seq)).to.deep.equal([]);
    expect((await getDocument(app, company.token, issued.id)).paidAmount).to.equal('0.00');
  });

  it('records into a named BANK account of the same currency, and refuses another currency', async () => {
    const account = await makeBankAccount(app, company.token, { currency: 'EUR', iban: 'DE89370400440532013000' });
    const res = await record({ ...CASH, currency: 'EUR', method: 'TRANSFER', bankAccountId: account.id });
    expect(res.status, res.text).to.equal(201);
    expect(res.body).to.include({ bankAccountId: account.id, source: 'MANUAL', currency: 'EUR' });
    const wrong = await record({ ...CASH, bankAccountId: account.id });
    expect(wrong.status).to.equal(400);
    expect(wrong.body.details).to.deep.equal([
      { path: 'currency', message: "must be the bank account's currency EUR" },
    ]);
    const other = await makeCompany(app);
    const foreign = await makeBankAccount(app, other.token);
    expect((await record({ ...CASH, bankAccountId: foreign.id })).status).to.equal(404);
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ['a missing method', { method: undefined }, 'method'],
    ['an unknown method', { method: 'CHEQUE' }, 'method'],
    ['a zero amount', { amount: '0' }, 'amount'],
    ['an amount with 3 decimals', { amount: '1.005' }, 'amount'],
    ['a missing currency', { currency: undefined }, 'currency'],
    ['a malformed receivedAt', { receivedAt: '16. 6. 2026' }, 'receivedAt'],
    ['an unknown direction', { direction: 'SIDEWAYS' }, 'direction'],
    ['a variable symbol with letters', { variableSymbol: 'VS42' }, 'variableSymbol'],
    ['a note over 2000 characters', { note: 'x'.repeat(2001) }, 'note'],
    ['a bankAccountId that is not a UUID', { bankAccountId: 'cash' }, 'bankAccountId'],
  ];
  for (const [what, overrides, path] of invalid) {
    it(`rejects ${what} with 400 VALIDATION_FAILED`, async () => {
      const res = await record({ ...CASH, ...overrides });
      expect(res.status, res.text).to.equal(400);
      expect(res.body.code).to.equal('VALIDATION_FAILED');
      expect(res.body.details.map((d: { path: string }) => d.path)).to.deep.equal([path]);
    });
  }

  it('replays a repeated request with the same Idempotency-Key: one payment, one event, paid once', async () => {
    const invoice = await makeInvoice(app, company.token, { total: '2000.00' });
    const body = { ...CASH, amount: '1000.00', documentId: invoice.id };
    const before = await paymentCount();
    const seq = await lastEventSeq(app);
    const first = await record(body, company.token, { 'Idempotency-Key': 'hotovost-1' });
    expect(first.status, first.text).to.equal(201);
    const again = await record(body, company.token, { 'Idempotency-Key': 'hotovost-1' });
    expect(again.status).to.equal(201);
    expect(again.headers.get('idempotent-replayed')).to.equal('true');
    expect(again.body).to.deep.equal(first.body);
    expect(await paymentCount()).to.equal(before + 1);
    const events = await orgEventRecords(app, company.organizationId, seq);
    expect(events.map((e) => e.event)).to.deep.equal(['payment.imported', 'payment.matched']);
    expect(await getDocument(app, company.token, invoice.id)).to.include({ status: 'ISSUED', paidAmount: '1000.00' });

    const changed = await record({ ...body, amount: '999.00' }, company.token, { 'Idempotency-Key': 'hotovost-1' });
    expect(changed.status).to.equal(422);
    expect(changed.body.code).to.equal('IDEMPOTENCY_KEY_MISMATCH');
    const without = await record(body);
    expect(without.status).to.equal(201);
    expect(await getDocument(app, company.token, invoice.id)).to.include({ status: 'PAID', paidAmount: '2000.00' });
  });

  it('needs payments:write', async () => {
    const reader = await makeUser(app, company, { permissions: { payments: 'read' } });
    const res = await record(CASH, reader.token);
    expect(res.status).to.equal(403);
    expect(res.body.details).to.deep.equal({ requiredScope: 'payments:write' });
  });

  it('records over GraphQL with createPayment and the same checks', async () => {
    const invoice = await makeInvoice(app, company.token, { total: '300.00' });
    const mutation =
      'mutation($input: CreatePaymentInput!) { createPayment(input: $input) { amount source method matchStatus documentId } }';
    const res = await app.graphql(
      mutation,
      // A GraphQL client sends null for what it leaves out.
      {
        input: {
          ...CASH,
          amount: '300.00',
          method: 'CARD',
          documentId: invoice.id,
          costId: null,
          bankAccountId: null,
          direction: null,
          note: null,
        },
      },
      company.token,
    );
    expect(res.body).to.deep.equal({
      data: {
        createPayment: {
          amount: '300.00',
          source: 'MANUAL',
          method: 'CARD',
          matchStatus: 'MANUAL_MATCHED',
          documentId: invoice.id,
        },
      },
    });
    expect((await getDocument(app, company.token, invoice.id)).status).to.equal('PAID');
    const paid = await app.graphql(mutation, { input: { ...CASH, documentId: invoice.id } }, company.token);
    expect(paid.body.errors[0].extensions.code).to.equal('DOCUMENT_NOT_PAYABLE');
  });
});
