import { expect } from 'chai';
import { startTestApp, type TestApp } from '../helpers/app';
import {
  type Company,
  getDocument,
  importPayments,
  makeApiKey,
  makeBankAccount,
  makeCompany,
  makeInvoice,
  makePaymentLine,
} from '../helpers/fixtures';
import { lastEventSeq, orgEventRecords } from '../helpers/outbox';
import { documentPayload, paymentPayload } from '../helpers/payloads';

describe('matching payments by hand', () => {
  let app: TestApp;
  let company: Company;
  let account: any;
  let symbols = 7_000_000;
  const nextSymbol = () => String(++symbols);

  before(async () => {
    app = await startTestApp();
    company = await makeCompany(app);
    account = await makeBankAccount(app, company.token);
  });
  after(() => app.stop());

  async function importOne(
    overrides: Record<string, unknown>,
    token = company.token,
    bankAccountId = account.id,
  ): Promise<any> {
    const result = await importPayments(app, token, bankAccountId, [makePaymentLine(overrides)]);
    return result.lines[0].payment;
  }

  it('takes partial payments and pays the invoice when they reach the total', async () => {
    const invoice = await makeInvoice(app, company.token, { total: '1000.00', variableSymbol: nextSymbol() });
    const first = await importOne({ amount: '300.00' });
    const second = await importOne({ amount: '700.00', counterAccount: null });
    const seq = await lastEventSeq(app);

    const matched = await app.put(`/api/v1/payments/${first.id}/match`, { documentId: invoice.id }, company.token);
    expect(matched.status, matched.text).to.equal(200);
    expect(matched.body).to.include({
      id: first.id,
      matchStatus: 'MANUAL_MATCHED',
      documentId: invoice.id,
      matchedBy: company.userId,
    });
    expect(await getDocument(app, company.token, invoice.id)).to.include({
      status: 'ISSUED',
      paidAmount: '300.00',
      remainingAmount: '700.00',
    });
    let events = await orgEventRecords(app, company.organizationId, seq);
    expect(events.map((e) => e.event)).to.deep.equal(['payment.matched']);
    expect(events[0].data).to.deep.equal({
      ...paymentPayload(matched.body),
      documentNumber: invoice.number,
      matchedBy: company.userId,
    });

    const seq2 = await lastEventSeq(app);
    const full = await app.put(`/api/v1/payments/${second.id}/match`, { documentId: invoice.id }, company.token);
    expect(full.status, full.text).to.equal(200);
    events = await orgEventRecords(app, company.organizationId, seq2);
    expect(events.map((e) => e.event)).to.deep.equal(['payment.matched', 'document.status_changed', 'document.paid']);
    expect(events[0].data).to.deep.equal({
      ...paymentPayload(full.body),
      documentNumber: invoice.number,
      matchedBy: company.userId,
    });
    expect(events[0].data.counterAccount).to.equal(null);
    expect(events[1].data).to.deep.equal({
      ...documentPayload(invoice, { status: 'PAID', paidAmount: 1000 }),
      previousStatus: 'ISSUED',
    });
    expect(events[2].data).to.deep.equal(documentPayload(invoice, { status: 'PAID', paidAmount: 1000 }));
    expect(await getDocument(app, company.token, invoice.id)).to.include({ status: 'PAID', paidAmount: '1000.00' });

    const list = await app.get(`/api/v1/payments?documentId=${invoice.id}&matchStatus=MANUAL_MATCHED`, company.token);
    expect(list.body.data.map((p: any) => p.id).sort()).to.deep.equal([first.id, second.id].sort());
    expect((await app.get(`/api/v1/payments/${second.id}`, company.token)).body).to.deep.equal(full.body);
  });

  it('unmatching returns a paid invoice to its previous unpaid status', async () => {
    const invoice = await makeInvoice(app, company.token, { total: '450.00', variableSymbol: nextSymbol() });
    const sent = await app.post(`/api/v1/documents/${invoice.id}/transition`, { status: 'SENT' }, company.token);
    expect(sent.status, sent.text).to.equal(200);
    const payment = await importOne({ amount: '450.00' });
    expect(
      (await app.put(`/api/v1/payments/${payment.id}/match`, { documentId: invoice.id }, company.token)).status,
    ).to.equal(200);
    expect(await getDocument(app, company.token, invoice.id)).to.include({ status: 'PAID' });

    const seq = await lastEventSeq(app);
    const res = await app.del(`/api/v1/payments/${payment.id}/match`, company.token);
    expect(res.status, res.text).to.equal(200);
    expect(res.body).to.include({
      id: payment.id,
      matchStatus: 'UNMATCHED',
      documentId: null,
      matchedAt: null,
      matchedBy: null,
    });
    const events = await orgEventRecords(app, company.organizationId, seq);
    expect(events.map((e) => e.event)).to.deep.equal(['payment.unmatched', 'document.status_changed']);
    expect(events[0].data).to.deep.equal({
      ...paymentPayload(res.body),
      matchStatus: 'UNMATCHED',
      documentId: null,
      previousDocumentId: invoice.id,
    });
    expect(events[1].data).to.deep.equal({
      ...documentPayload(invoice, { status: 'SENT', paidAmount: 0 }),
      previousStatus: 'PAID',
    });
    expect(await getDocument(app, company.token, invoice.id)).to.include({ status: 'SENT', paidAmount: '0.00' });

    const again = await app.del(`/api/v1/payments/${payment.id}/match`, company.token);
    expect(again.status).to.equal(409);
    expect(again.body).to.deep.equal({
      error: 'Conflict',
      message: 'The payment is not matched to a document',
      code: 'PAYMENT_NOT_MATCHED',
    });
    // Matchable again once unmatched.
    expect(
      (await app.put(`/api/v1/payments/${payment.id}/match`, { documentId: invoice.id }, company.token)).status,
    ).to.equal(200);
  });

  it('unmatching an automatic match of a partially paid invoice keeps the rest', async () => {
    const vs = nextSymbol();
    const invoice = await makeInvoice(app, company.token, { total: '1000.00', variableSymbol: vs });
    const part = await importOne({ amount: '250.00' });
    await app.put(`/api/v1/payments/${part.id}/match`, { documentId: invoice.id }, company.token);
    const auto = await importOne({ amount: '750.00', variableSymbol: vs });
    expect(auto.matchStatus).to.equal('AUTO_MATCHED');
    const res = await app.del(`/api/v1/payments/${auto.id}/match`, company.token);
    expect(res.status).to.equal(200);
    expect(await getDocument(app, company.token, invoice.id)).to.include({ status: 'ISSUED', paidAmount: '250.00' });
  });

  it('records matchedBy null when an API key matches', async () => {
    const key = await makeApiKey(app, company);
    const invoice = await makeInvoice(app, company.token, { total: '10.00', variableSymbol: nextSymbol() });
    const payment = await importOne({ amount: '10.00' });
    const seq = await lastEventSeq(app);
    const res = await app.put(`/api/v1/payments/${payment.id}/match`, { documentId: invoice.id }, key.key);
    expect(res.status).to.equal(200);
    expect(res.body).to.include({ matchStatus: 'MANUAL_MATCHED', matchedBy: null });
    const [matched] = await orgEventRecords(app, company.organizationId, seq);
    expect(matched.data).to.include({ matchStatus: 'MANUAL_MATCHED', matchedBy: null, documentNumber: invoice.number });
  });

  it('allows an overpayment and keeps the invoice paid', async () => {
    const invoice = await makeInvoice(app, company.token, { total: '100.00', variableSymbol: nextSymbol() });
    const payment = await importOne({ amount: '150.00' });
    expect(
      (await app.put(`/api/v1/payments/${payment.id}/match`, { documentId: invoice.id }, company.token)).status,
    ).to.equal(200);
    expect(await getDocument(app, company.token, invoice.id)).to.include({ status: 'PAID', paidAmount: '150.00' });
  });

  describe('concurrency', () => {
    it('applies parallel matches of different payments to one invoice one after the other', async () => {
      const invoice = await makeInvoice(app, company.token, { total: '1000.00', variableSymbol: nextSymbol() });
      const payments = (
        await importPayments(
          app,
          company.token,
          account.id,
          Array.from({ length: 4 }, () => makePaymentLine({ amount: '250.00' })),
        )
      ).lines.map((l: any) => l.payment);
      const seq = await lastEventSeq(app);
      const results = await Promise.all(
        payments.map((p: any) => app.put(`/api/v1/payments/${p.id}/match`, { documentId: invoice.id }, company.token)),
      );
      for (const r of results) expect(r.status, r.text).to.equal(200);
      expect(await getDocument(app, company.token, invoice.id)).to.include({ status: 'PAID', paidAmount: '1000.00' });
      const events = await orgEventRecords(app, company.organizationId, seq);
      expect(events.filter((e) => e.event === 'payment.matched')).to.have.length(4);
      expect(events.filter((e) => e.event === 'document.status_changed')).to.have.length(1);
      const paid = events.filter((e) => e.event === 'document.paid');
      expect(paid).to.have.length(1);
      expect(paid[0].data).to.include({ status: 'PAID', paidAmount: 1000 });
      // Every payment.matched saw a consistent document: the paid event comes after the last match.
      expect(events[events.length - 1].event).to.equal('document.paid');
    });

    it('parallel unmatch and match keep the paid amount consistent', async () => {
      const invoice = await makeInvoice(app, company.token, { total: '900.00', variableSymbol: nextSymbol() });
      const payments = (
        await importPayments(
          app,
          company.token,
          account.id,
          Array.from({ length: 3 }, () => makePaymentLine({ amount: '300.00' })),
        )
      ).lines.map((l: any) => l.payment);
      for (const p of payments.slice(0, 2))
        await app.put(`/api/v1/payments/${p.id}/match`, { documentId: invoice.id }, company.token);
      const results = await Promise.all([
        app.del(`/api/v1/payments/${payments[0].id}/match`, company.token),
        app.put(`/api/v1/payments/${payments[2].id}/match`, { documentId: invoice.id }, company.token),
        app.del(`/api/v1/payments/${payments[1].id}/match`, company.token),
      ]);
      for (const r of results) expect(r.status, r.text).to.equal(200);
      expect(await getDocument(app, company.token, invoice.id)).to.include({ status: 'ISSUED', paidAmount: '300.00' });
    });

    it('matches one payment to only one of two documents raced for it', async () => {
      const [a, b] = [
        await makeInvoice(app, company.token, { total: '50.00' }),
        await makeInvoice(app, company.token, { total: '50.00' }),
      ];
      const payment = await importOne({ amount: '50.00' });
      const results = await Promise.all(
        [a, b].map((doc) => app.put(`/api/v1/payments/${payment.id}/match`, { documentId: doc.id }, company.token)),
      );
      expect(results.map((r) => r.status).sort()).to.deep.equal([200, 409]);
      const winner = results.find((r) => r.status === 200)!.body.documentId;
      const docs = await Promise.all([a, b].map((d) => getDocument(app, company.token, d.id)));
      expect(docs.map((d) => [d.id === winner, d.status, d.paidAmount])).to.have.deep.members([
        [true, 'PAID', '50.00'],
        [false, 'ISSUED', '0.00'],
      ]);
    });
  });
});
