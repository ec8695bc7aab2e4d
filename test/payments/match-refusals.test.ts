import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { startTestApp, type TestApp } from '../helpers/app';
import {
  type Company,
  getDocument,
  importPayments,
  makeBankAccount,
  makeCompany,
  makeInvoice,
  makePaymentLine,
  makeUser,
} from '../helpers/fixtures';
import { lastEventSeq, orgEventRecords } from '../helpers/outbox';

describe('refused payment matches', () => {
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

  let invoice: any;
  before(async () => {
    invoice = await makeInvoice(app, company.token, { total: '600.00', variableSymbol: nextSymbol() });
  });

  async function expectRefused(
    paymentId: string,
    body: unknown,
    status: number,
    expected: Record<string, unknown>,
  ): Promise<void> {
    const seq = await lastEventSeq(app);
    const res = await app.put(`/api/v1/payments/${paymentId}/match`, body, company.token);
    expect(res.status, res.text).to.equal(status);
    expect(res.body).to.deep.include(expected);
    expect(await orgEventRecords(app, company.organizationId, seq)).to.deep.equal([]);
  }

  it('refuses to re-match a matched payment (unmatch first)', async () => {
    const other = await makeInvoice(app, company.token, { total: '600.00', variableSymbol: nextSymbol() });
    const payment = await importOne({ amount: '100.00' });
    expect(
      (await app.put(`/api/v1/payments/${payment.id}/match`, { documentId: invoice.id }, company.token)).status,
    ).to.equal(200);
    const conflict = {
      error: 'Conflict',
      message: 'The payment is already matched to a document; unmatch it first',
      code: 'PAYMENT_ALREADY_MATCHED',
    };
    await expectRefused(payment.id, { documentId: other.id }, 409, conflict);
    await expectRefused(payment.id, { documentId: invoice.id }, 409, conflict);
    expect(await getDocument(app, company.token, other.id)).to.include({ paidAmount: '0.00' });
    expect(await getDocument(app, company.token, invoice.id)).to.include({ paidAmount: '100.00' });
  });

  it('refuses outgoing payments', async () => {
    const payment = await importOne({ amount: '100.00', direction: 'OUT' });
    await expectRefused(payment.id, { documentId: invoice.id }, 409, { code: 'PAYMENT_NOT_INCOMING' });
  });

  it('refuses documents that cannot be paid', async () => {
    const payment = await importOne({ amount: '100.00' });
    const draft = await makeInvoice(app, company.token, { status: 'DRAFT' });
    const paid = await makeInvoice(app, company.token, { status: 'PAID' });
    const quote = await makeInvoice(app, company.token, { type: 'QUOTE' });
    for (const doc of [draft, paid, quote]) {
      await expectRefused(payment.id, { documentId: doc.id }, 409, {
        code: 'DOCUMENT_NOT_PAYABLE',
        message: `A ${doc.type} in status ${doc.status} cannot be paid; only issued or sent invoices and proformas can`,
      });
    }
    const proforma = await makeInvoice(app, company.token, { type: 'PROFORMA', total: '100.00' });
    expect(
      (await app.put(`/api/v1/payments/${payment.id}/match`, { documentId: proforma.id }, company.token)).status,
    ).to.equal(200);
    expect(await getDocument(app, company.token, proforma.id)).to.include({ status: 'PAID' });
  });

  it('refuses a document in another currency than CZK payments convert to', async () => {
    const eur = await makeInvoice(app, company.token, { currency: 'EUR', exchangeRate: '25' });
    const usd = await makeBankAccount(app, company.token, { accountNumber: '2000145400/2010', currency: 'USD' });
    const payment = await importOne({ amount: '100.00', currency: 'USD' }, company.token, usd.id);
    await expectRefused(payment.id, { documentId: eur.id }, 409, {
      code: 'CURRENCY_MISMATCH',
      message: 'The payment is in USD but the document is in EUR',
    });
  });

  it('answers 404 for unknown and other organizations’ documents and payments', async () => {
    const other = await makeCompany(app);
    const foreignDoc = await makeInvoice(app, other.token);
    const foreignAcct = await makeBankAccount(app, other.token);
    const foreignPayment = (await importPayments(app, other.token, foreignAcct.id, [makePaymentLine()])).lines[0]
      .payment;
    const payment = await importOne({ amount: '100.00' });
    const docNotFound = { error: 'Not Found', message: 'Document not found', code: 'NOT_FOUND' };
    const paymentNotFound = { error: 'Not Found', message: 'Payment not found', code: 'NOT_FOUND' };
    await expectRefused(payment.id, { documentId: randomUUID() }, 404, docNotFound);
    await expectRefused(payment.id, { documentId: foreignDoc.id }, 404, docNotFound);
    await expectRefused(randomUUID(), { documentId: invoice.id }, 404, paymentNotFound);
    await expectRefused('not-a-uuid', { documentId: invoice.id }, 404, paymentNotFound);
    await expectRefused(foreignPayment.id, { documentId: invoice.id }, 404, paymentNotFound);
    for (const id of [randomUUID(), foreignPayment.id, 'x']) {
      const res = await app.del(`/api/v1/payments/${id}/match`, company.token);
      expect(res.status).to.equal(404);
      expect(res.body).to.deep.equal(paymentNotFound);
    }
  });

  it('rejects a missing or malformed documentId with 400', async () => {
    const payment = await importOne({ amount: '100.00' });
    for (const body of [{}, { documentId: 'doc-1' }, { documentId: 42 }, { documentId: null }]) {
      const res = await app.put(`/api/v1/payments/${payment.id}/match`, body, company.token);
      expect(res.status, JSON.stringify(body)).to.equal(400);
      expect(res.body.code).to.equal('VALIDATION_FAILED');
      expect(res.body.details[0].path).to.equal('documentId');
    }
  });

  it('needs payments:write to match and unmatch', async () => {
    const payment = await importOne({ amount: '100.00' });
    const none = await makeUser(app, company, { permissions: { documents: 'write' } });
    const reader = await makeUser(app, company, { permissions: { payments: 'read', documents: 'write' } });
    for (const token of [none.token, reader.token]) {
      const put = await app.put(`/api/v1/payments/${payment.id}/match`, { documentId: invoice.id }, token);
      expect(put.status).to.equal(403);
      expect(put.body).to.deep.include({ code: 'FORBIDDEN', details: { requiredScope: 'payments:write' } });
      expect((await app.del(`/api/v1/payments/${payment.id}/match`, token)).status).to.equal(403);
    }
    const writer = await makeUser(app, company, { permissions: { payments: 'write' } });
    const ok = await app.put(`/api/v1/payments/${payment.id}/match`, { documentId: invoice.id }, writer.token);
    expect(ok.status).to.equal(200);
    expect(ok.body.matchedBy).to.equal(writer.id);
  });

  it('does not reach documents outside the caller’s departments', async () => {
    const north = await app.post('/api/v1/departments', { name: 'North' }, company.token);
    const south = await app.post('/api/v1/departments', { name: 'South' }, company.token);
    const northDoc = await makeInvoice(app, company.token, { total: '100.00', departmentId: north.body.id });
    const southDoc = await makeInvoice(app, company.token, { total: '100.00', departmentId: south.body.id });
    const member = await makeUser(app, company, { permissions: { payments: 'write' }, departmentIds: [north.body.id] });
    const payment = await importOne({ amount: '100.00' });
    const hidden = await app.put(`/api/v1/payments/${payment.id}/match`, { documentId: southDoc.id }, member.token);
    expect(hidden.status).to.equal(404);
    const visible = await app.put(`/api/v1/payments/${payment.id}/match`, { documentId: northDoc.id }, member.token);
    expect(visible.status).to.equal(200);
    // Automatic matching on the member's import sees only the member's departments too.
    const vs = nextSymbol();
    const southVs = await makeInvoice(app, company.token, {
      total: '77.00',
      variableSymbol: vs,
      departmentId: south.body.id,
    });
    const imported = (
      await importPayments(app, member.token, account.id, [makePaymentLine({ amount: 77, variableSymbol: vs })])
    ).lines[0].payment;
    expect(imported.matchStatus).to.equal('UNMATCHED');
    expect(await getDocument(app, company.token, southVs.id)).to.include({ status: 'ISSUED' });
  });
});
