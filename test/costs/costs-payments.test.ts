import { expect } from 'chai';
import { startTestApp, type TestApp } from '../helpers/app';
import {
  type Company,
  importPayments,
  makeBankAccount,
  makeCompany,
  makeInvoice,
  makePaymentLine,
} from '../helpers/fixtures';
import { lastEventSeq, orgEventRecords } from '../helpers/outbox';
import {
  costPayload,
  paymentCostMatchedPayload,
  paymentCostUnmatchedPayload,
  paymentPayload,
} from '../helpers/payloads';
import { getCost, makeCost, makeSupplier } from './costs.helpers';

/** One line at 0 % VAT: total = unitPrice, what a payment pays. */
const line = (amount: string) => [{ name: 'Služba', quantity: 1, unitPrice: amount, vatRate: 0 }];

describe('costs: outgoing payments matched to costs', () => {
  let app: TestApp;
  let company: Company;
  let account: any;
  let supplier: any;
  let symbols = 8_100_000;
  const nextSymbol = () => String(++symbols);

  before(async () => {
    app = await startTestApp();
    company = await makeCompany(app);
    account = await makeBankAccount(app, company.token);
    supplier = await makeSupplier(app, company.token);
  });
  after(() => app.stop());

  const outgoing = (overrides: Record<string, unknown>) => makePaymentLine({ direction: 'OUT', ...overrides });
  const importOne = async (overrides: Record<string, unknown>) =>
    (await importPayments(app, company.token, account.id, [outgoing(overrides)])).lines[0].payment;

  it('matches an outgoing payment to the open cost with its variable symbol and amount, and pays it', async () => {
    const vs = nextSymbol();
    const cost = await makeCost(app, company.token, supplier.id, { variableSymbol: vs, items: line('2420.00') });
    const seq = await lastEventSeq(app);
    const result = await importPayments(app, company.token, account.id, [
      outgoing({ amount: '2420.00', variableSymbol: `00${vs}` }),
    ]);
    expect(result.summary).to.deep.equal({ imported: 1, duplicates: 0, matched: 1 });
    const payment = result.lines[0].payment;
    expect(payment).to.include({
      matchStatus: 'AUTO_MATCHED',
      documentId: null,
      costId: cost.id,
      matchedBy: null,
      direction: 'OUT',
    });

    const events = await orgEventRecords(app, company.organizationId, seq);
    expect(events.map((e) => e.event)).to.deep.equal(['payment.imported', 'payment.matched', 'cost.paid']);
    // payment.imported is unchanged by costs: no costId in it.
    expect(events[0].data).to.deep.equal({
      ...paymentPayload(payment),
      matchStatus: 'UNMATCHED',
      documentId: null,
      source: 'MANUAL_IMPORT',
    });
    expect(events[1].data).to.deep.equal(paymentCostMatchedPayload(payment, cost, null));
    const paid = await getCost(app, company.token, cost.id);
    expect(paid).to.include({ status: 'PAID', paidAmount: '2420.00', remainingAmount: '0.00', overdue: false });
    expect(paid.paidAt).to.match(/^2026-06-17T/);
    expect(events[2].data).to.deep.equal(costPayload(paid));
  });

  it('leaves unclear outgoing payments unmatched', async () => {
    const vs = {
      partial: nextSymbol(),
      twice: nextSymbol(),
      cancelled: nextSymbol(),
      incoming: nextSymbol(),
      eur: nextSymbol(),
    };
    await makeCost(app, company.token, supplier.id, { variableSymbol: vs.partial, items: line('1000.00') });
    await makeCost(app, company.token, supplier.id, { variableSymbol: vs.twice, items: line('300.00') });
    await makeCost(app, company.token, supplier.id, { variableSymbol: vs.twice, items: line('300.00') });
    const cancelled = await makeCost(app, company.token, supplier.id, {
      variableSymbol: vs.cancelled,
      items: line('500.00'),
    });
    await app.post(`/api/v1/costs/${cancelled.id}/cancel`, {}, company.token);
    await makeCost(app, company.token, supplier.id, { variableSymbol: vs.incoming, items: line('700.00') });
    await makeCost(app, company.token, supplier.id, {
      variableSymbol: vs.eur,
      currency: 'EUR',
      exchangeRate: '25',
      items: line('100.00'),
    });
    const result = await importPayments(app, company.token, account.id, [
      outgoing({ amount: '400.00', variableSymbol: vs.partial }),
      outgoing({ amount: '300.00', variableSymbol: vs.twice }),
      outgoing({ amount: '500.00', variableSymbol: vs.cancelled }),
      makePaymentLine({ direction: 'IN', amount: '700.00', variableSymbol: vs.incoming }),
      outgoing({ amount: '100.00', variableSymbol: vs.eur }),
      outgoing({ amount: '100.00', variableSymbol: null }),
    ]);
    expect(result.summary.matched).to.equal(0);
    expect(result.lines.map((l: any) => l.payment.matchStatus)).to.deep.equal(Array(6).fill('UNMATCHED'));
  });

  it('does not match an outgoing payment to an invoice, nor an incoming one to a cost', async () => {
    const vs = nextSymbol();
    const invoice = await makeInvoice(app, company.token, { total: '900.00', variableSymbol: vs });
    const cost = await makeCost(app, company.token, supplier.id, { variableSymbol: vs, items: line('900.00') });
    const result = await importPayments(app, company.token, account.id, [
      outgoing({ amount: '900.00', variableSymbol: vs }),
      makePaymentLine({ amount: '900.00', variableSymbol: vs }),
    ]);
    expect(result.lines[0].payment).to.include({ matchStatus: 'AUTO_MATCHED', costId: cost.id, documentId: null });
    expect(result.lines[1].payment).to.include({ matchStatus: 'AUTO_MATCHED', documentId: invoice.id, costId: null });
  });

  it('adds partial payments matched by hand up to PAID, and unmatching reverts it', async () => {
    const cost = await makeCost(app, company.token, supplier.id, { items: line('1000.00') });
    const first = await importOne({ amount: '600.00' });
    const second = await importOne({ amount: '400.00' });
    const seq = await lastEventSeq(app);
    const m1 = await app.put(`/api/v1/payments/${first.id}/match`, { costId: cost.id }, company.token);
    expect(m1.status, m1.text).to.equal(200);
    expect(m1.body).to.include({
      matchStatus: 'MANUAL_MATCHED',
      costId: cost.id,
      documentId: null,
      matchedBy: company.userId,
    });
    expect(await getCost(app, company.token, cost.id)).to.include({
      status: 'OPEN',
      paidAmount: '600.00',
      remainingAmount: '400.00',
    });
    const m2 = await app.put(`/api/v1/payments/${second.id}/match`, { costId: cost.id }, company.token);
    expect(m2.status, m2.text).to.equal(200);
    const paid = await getCost(app, company.token, cost.id);
    expect(paid).to.include({ status: 'PAID', paidAmount: '1000.00', remainingAmount: '0.00' });

    const matched = await orgEventRecords(app, company.organizationId, seq);
    expect(matched.map((e) => e.event)).to.deep.equal(['payment.matched', 'payment.matched', 'cost.paid']);
    expect(matched[0].data).to.deep.equal(paymentCostMatchedPayload(m1.body, cost, company.userId));
    expect(matched[2].data).to.deep.equal(costPayload(paid));

    // Neither payment can be matched again, and a PAID cost takes no more payments.
    const again = await app.put(`/api/v1/payments/${first.id}/match`, { costId: cost.id }, company.token);
    expect(again.status).to.equal(409);
    expect(again.body).to.deep.equal({
      error: 'Conflict',
      message: 'The payment is already matched to a cost; unmatch it first',
      code: 'PAYMENT_ALREADY_MATCHED',
    });
    const third = await importOne({ amount: '1.00' });
    const closed = await app.put(`/api/v1/payments/${third.id}/match`, { costId: cost.id }, company.token);
    expect(closed.status).to.equal(409);
    expect(closed.body).to.deep.equal({
      error: 'Conflict',
      message: 'A PAID cost cannot be paid; only OPEN costs can',
      code: 'COST_NOT_PAYABLE',
    });
    // A cost with payments is neither deleted nor cancelled.
    const del = await app.del(`/api/v1/costs/${cost.id}`, company.token);
    expect(del.status).to.equal(409);
    expect(del.body).to.deep.equal({
      error: 'Conflict',
      message: 'A cost with matched payments cannot be deleted; unmatch its payments first',
      code: 'COST_HAS_PAYMENTS',
    });

    const seq2 = await lastEventSeq(app);
    const un = await app.del(`/api/v1/payments/${second.id}/match`, company.token);
    expect(un.status, un.text).to.equal(200);
    expect(un.body).to.include({
      matchStatus: 'UNMATCHED',
      costId: null,
      documentId: null,
      matchedBy: null,
      matchedAt: null,
    });
    const reopened = await getCost(app, company.token, cost.id);
    expect(reopened).to.include({ status: 'OPEN', paidAmount: '600.00', remainingAmount: '400.00', paidAt: null });
    const unmatched = await orgEventRecords(app, company.organizationId, seq2);
    expect(unmatched.map((e) => e.event)).to.deep.equal(['payment.unmatched', 'cost.reopened']);
    expect(unmatched[0].data).to.deep.equal(paymentCostUnmatchedPayload(un.body, cost));
    expect(unmatched[1].data).to.deep.equal(costPayload(reopened));

    // With one payment left: amounts are locked, cancelling is refused; after unmatching it, both work.
    const edit = await app.patch(`/api/v1/costs/${cost.id}`, { items: line('10.00') }, company.token);
    expect(edit.status).to.equal(409);
    expect(edit.body.code).to.equal('COST_HAS_PAYMENTS');
    expect((await app.patch(`/api/v1/costs/${cost.id}`, { note: 'still fine' }, company.token)).status).to.equal(200);
    expect((await app.post(`/api/v1/costs/${cost.id}/cancel`, {}, company.token)).body.code).to.equal(
      'COST_HAS_PAYMENTS',
    );
    expect((await app.del(`/api/v1/payments/${first.id}/match`, company.token)).status).to.equal(200);
    expect(await getCost(app, company.token, cost.id)).to.include({ status: 'OPEN', paidAmount: '0.00' });
    expect((await app.del(`/api/v1/costs/${cost.id}`, company.token)).status).to.equal(204);
  });

  it('adds up partial payments matched in parallel, with one cost.paid', async () => {
    const cost = await makeCost(app, company.token, supplier.id, { items: line('1000.00') });
    const payments = (
      await importPayments(
        app,
        company.token,
        account.id,
        [0, 1, 2, 3].map(() => outgoing({ amount: '250.00' })),
      )
    ).lines.map((l: any) => l.payment);
    const seq = await lastEventSeq(app);
    const results = await Promise.all(
      payments.map((p: any) => app.put(`/api/v1/payments/${p.id}/match`, { costId: cost.id }, company.token)),
    );
    expect(results.map((r) => r.status)).to.deep.equal([200, 200, 200, 200]);
    expect(await getCost(app, company.token, cost.id)).to.include({ status: 'PAID', paidAmount: '1000.00' });
    const events = (await orgEventRecords(app, company.organizationId, seq)).map((e) => e.event);
    expect(events.filter((e) => e === 'payment.matched')).to.have.length(4);
    expect(events.filter((e) => e === 'cost.paid')).to.have.length(1);
    // Unmatched in parallel: back to OPEN with nothing paid, one cost.reopened.
    const seq2 = await lastEventSeq(app);
    const undone = await Promise.all(
      payments.map((p: any) => app.del(`/api/v1/payments/${p.id}/match`, company.token)),
    );
    expect(undone.map((r) => r.status)).to.deep.equal([200, 200, 200, 200]);
    expect(await getCost(app, company.token, cost.id)).to.include({ status: 'OPEN', paidAmount: '0.00' });
    expect(
      (await orgEventRecords(app, company.organizationId, seq2))
        .map((e) => e.event)
        .filter((e) => e === 'cost.reopened'),
    ).to.have.length(1);
  });

  it('auto-matches the remaining amount after a partial payment', async () => {
    const vs = nextSymbol();
    const cost = await makeCost(app, company.token, supplier.id, { variableSymbol: vs, items: line('1000.00') });
    const partial = await importOne({ amount: '250.00', variableSymbol: vs });
    expect(partial.matchStatus).to.equal('UNMATCHED');
    await app.put(`/api/v1/payments/${partial.id}/match`, { costId: cost.id }, company.token);
    const rest = await importOne({ amount: '750.00', variableSymbol: vs });
    expect(rest).to.include({ matchStatus: 'AUTO_MATCHED', costId: cost.id });
    expect(await getCost(app, company.token, cost.id)).to.include({ status: 'PAID', paidAmount: '1000.00' });
  });

  it('pays a reverse-charge cost with its subtotal: the VAT is the company’s own to declare', async () => {
    const vs = nextSymbol();
    const cost = await makeCost(app, company.token, supplier.id, {
      variableSymbol: vs,
      reverseCharge: true,
      items: [{ name: 'Stavební práce', quantity: 1, unitPrice: '10000.00', vatRate: 21 }],
    });
    expect(cost).to.include({
      subtotal: '10000.00',
      vatTotal: '2100.00',
      total: '12100.00',
      remainingAmount: '10000.00',
    });
    const payment = await importOne({ amount: '10000.00', variableSymbol: vs });
    expect(payment).to.include({ matchStatus: 'AUTO_MATCHED', costId: cost.id });
    expect(await getCost(app, company.token, cost.id)).to.include({
      status: 'PAID',
      paidAmount: '10000.00',
      remainingAmount: '0.00',
    });
  });

  it('refuses what cannot be matched by hand', async () => {
    const cost = await makeCost(app, company.token, supplier.id, { items: line('100.00') });
    const incoming = (await importPayments(app, company.token, account.id, [makePaymentLine({ amount: '100.00' })]))
      .lines[0].payment;
    const notOut = await app.put(`/api/v1/payments/${incoming.id}/match`, { costId: cost.id }, company.token);
    expect(notOut.status).to.equal(409);
    expect(notOut.body).to.deep.equal({
      error: 'Conflict',
      message: 'Only outgoing payments can be matched to a cost',
      code: 'PAYMENT_NOT_OUTGOING',
    });
    const out = await importOne({ amount: '100.00' });
    const invoice = await makeInvoice(app, company.token, { total: '100.00' });
    expect(
      (await app.put(`/api/v1/payments/${out.id}/match`, { documentId: invoice.id }, company.token)).body.code,
    ).to.equal('PAYMENT_NOT_INCOMING');
    const eur = await makeCost(app, company.token, supplier.id, {
      currency: 'EUR',
      exchangeRate: '25',
      items: line('100.00'),
    });
    const mismatch = await app.put(`/api/v1/payments/${out.id}/match`, { costId: eur.id }, company.token);
    expect(mismatch.body).to.deep.equal({
      error: 'Conflict',
      message: 'The payment is in CZK but the cost is in EUR',
      code: 'CURRENCY_MISMATCH',
    });
    const cancelled = await makeCost(app, company.token, supplier.id, { items: line('100.00') });
    await app.post(`/api/v1/costs/${cancelled.id}/cancel`, {}, company.token);
    expect(
      (await app.put(`/api/v1/payments/${out.id}/match`, { costId: cancelled.id }, company.token)).body.code,
    ).to.equal('COST_NOT_PAYABLE');
    for (const body of [{}, { documentId: invoice.id, costId: cost.id }, { costId: 'nope' }]) {
      const res = await app.put(`/api/v1/payments/${out.id}/match`, body, company.token);
      expect(res.status, JSON.stringify(body)).to.equal(400);
      expect(res.body.code).to.equal('VALIDATION_FAILED');
    }
    // Another company's cost is not found, and its payments cannot be pointed at ours.
    const other = await makeCompany(app);
    const otherSupplier = await makeSupplier(app, other.token);
    const foreign = await makeCost(app, other.token, otherSupplier.id, { items: line('100.00') });
    const notFound = await app.put(`/api/v1/payments/${out.id}/match`, { costId: foreign.id }, company.token);
    expect(notFound.status).to.equal(404);
    expect(notFound.body).to.deep.equal({ error: 'Not Found', message: 'Cost not found', code: 'NOT_FOUND' });
    expect(await getCost(app, other.token, foreign.id)).to.include({ paidAmount: '0.00', status: 'OPEN' });
    // Lists filter by the cost.
    const matched = await app.put(`/api/v1/payments/${out.id}/match`, { costId: cost.id }, company.token);
    expect(matched.status).to.equal(200);
    expect(
      (await app.get(`/api/v1/payments?costId=${cost.id}`, company.token)).body.data.map((p: any) => p.id),
    ).to.deep.equal([out.id]);
  });
});
