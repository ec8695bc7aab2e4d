import { expect } from 'chai';
import { startTestApp, type TestApp } from '../helpers/app';
import {
  type Company,
  getDocument,
  importPayments,
  makeBankAccount,
  makeCompany,
  makeContact,
  makeDocument,
  makeInvoice,
  makePaymentLine,
} from '../helpers/fixtures';
import { lastEventSeq, orgEventRecords } from '../helpers/outbox';
import { appliedAmountOf, coverageOf, messageNumbers } from '../../src/modules/payments/matching-rules';

/**
 * The matching rules of issue 28 (README "Payment matching rules"): what identifies a document (variable
 * symbol, specific symbol, its number in the message), a known contact's counter account, partial and
 * over-payments, and CZK payments of foreign-currency documents at the document's exchange rate.
 */
describe('payment matching rules', () => {
  let app: TestApp;
  let company: Company;
  let account: any;
  let symbols = 8_100_000;
  const nextSymbol = () => String(++symbols);

  before(async () => {
    app = await startTestApp();
    company = await makeCompany(app);
    account = await makeBankAccount(app, company.token);
  });
  after(() => app.stop());

  async function importOne(overrides: Record<string, unknown>, own = company, bankAccountId = account.id) {
    return (await importPayments(app, own.token, bankAccountId, [makePaymentLine(overrides)])).lines[0].payment;
  }

  async function suggestionOf(paymentId: string, own = company): Promise<any> {
    const res = await app.get(`/api/v1/payments/${paymentId}/suggestion`, own.token);
    expect(res.status, res.text).to.equal(200);
    return res.body.suggestion;
  }

  async function match(paymentId: string, documentId: string): Promise<any> {
    const res = await app.put(`/api/v1/payments/${paymentId}/match`, { documentId }, company.token);
    expect(res.status, res.text).to.equal(200);
    return res.body;
  }

  describe('what identifies the document', () => {
    it('matches by the specific symbol when the variable symbol names nothing', async () => {
      const invoice = await makeInvoice(app, company.token, { total: '640.00', variableSymbol: nextSymbol() });
      const payment = await importOne({
        amount: '640.00',
        variableSymbol: '999999999',
        specificSymbol: `00${invoice.variableSymbol}`,
      });
      expect(payment).to.include({
        matchStatus: 'AUTO_MATCHED',
        documentId: invoice.id,
        specificSymbol: `00${invoice.variableSymbol}`,
      });
      expect(await getDocument(app, company.token, invoice.id)).to.include({ status: 'PAID', paidAmount: '640.00' });
    });

    it('matches by the document number in the message', async () => {
      const invoice = await makeInvoice(app, company.token, { total: '710.00', variableSymbol: nextSymbol() });
      const seq = await lastEventSeq(app);
      const payment = await importOne({
        amount: '710.00',
        message: `Úhrada faktury č. ${invoice.number.toLowerCase()}, díky!`,
      });
      expect(payment).to.include({ matchStatus: 'AUTO_MATCHED', documentId: invoice.id, appliedAmount: '710.00' });
      const events = await orgEventRecords(app, company.organizationId, seq);
      expect(events.map((e) => e.event)).to.deep.equal([
        'payment.imported',
        'payment.matched',
        'document.status_changed',
        'document.paid',
      ]);
      expect(events[1].data).to.include({ documentId: invoice.id, documentNumber: invoice.number, matchedBy: null });
    });

    it('takes the strongest clue: the variable symbol before the specific symbol before the message', async () => {
      const byVs = await makeInvoice(app, company.token, { total: '300.00', variableSymbol: nextSymbol() });
      const bySs = await makeInvoice(app, company.token, { total: '300.00', variableSymbol: nextSymbol() });
      const byMessage = await makeInvoice(app, company.token, { total: '300.00', variableSymbol: nextSymbol() });
      const payment = await importOne({
        amount: '300.00',
        variableSymbol: byVs.variableSymbol,
        specificSymbol: bySs.variableSymbol,
        message: byMessage.number,
      });
      expect(payment).to.include({ matchStatus: 'AUTO_MATCHED', documentId: byVs.id });
      const second = await importOne({
        amount: '300.00',
        specificSymbol: bySs.variableSymbol,
        message: byMessage.number,
      });
      expect(second).to.include({ matchStatus: 'AUTO_MATCHED', documentId: bySs.id });
    });

    it('leaves a message naming two documents for a person', async () => {
      const a = await makeInvoice(app, company.token, { total: '120.00', variableSymbol: nextSymbol() });
      const b = await makeInvoice(app, company.token, { total: '130.00', variableSymbol: nextSymbol() });
      const payment = await importOne({ amount: '250.00', message: `${a.number} + ${b.number}` });
      expect(payment).to.include({ matchStatus: 'UNMATCHED', documentId: null, appliedAmount: null });
      expect(await suggestionOf(payment.id)).to.include({ reason: 'MESSAGE_NUMBER' });
    });

    it('suggests with the reason of the clue', async () => {
      const invoice = await makeInvoice(app, company.token, { total: '500.00', variableSymbol: nextSymbol() });
      // Over-payments stay unmatched: their suggestions show each clue.
      const bySs = await importOne({ amount: '600.00', specificSymbol: invoice.variableSymbol });
      const byMessage = await importOne({ amount: '600.00', message: `FA ${invoice.number}` });
      const byVs = await importOne({ amount: '600.00', variableSymbol: invoice.variableSymbol });
      for (const [payment, reason] of [
        [bySs, 'SPECIFIC_SYMBOL'],
        [byMessage, 'MESSAGE_NUMBER'],
        [byVs, 'VARIABLE_SYMBOL'],
      ]) {
        expect(payment.matchStatus).to.equal('UNMATCHED');
        expect(await suggestionOf(payment.id), reason).to.deep.equal({
          documentId: invoice.id,
          number: invoice.number,
          clientName: invoice.clientName,
          currency: 'CZK',
          remainingAmount: '500.00',
          appliedAmount: '600.00',
          reason,
        });
      }
    });
  });

  describe('a known contact paying from its account', () => {
    it('suggests the document of the contact that paid from the same counter account before', async () => {
      const own = await makeCompany(app);
      const acct = await makeBankAccount(app, own.token);
      const regular = await makeContact(app, own.token, { name: 'Stálý zákazník s.r.o.' });
      const other = await makeContact(app, own.token, { name: 'Jiný odběratel a.s.' });
      const invoiceOf = (contactId: string, total: string, dueAt: string) =>
        makeDocument(app, own.token, {
          status: 'ISSUED',
          contactId,
          dueAt,
          items: [{ name: 'Služby', quantity: 1, unit: 'ks', unitPrice: total, vatRate: 0 }],
        });
      const first = await invoiceOf(regular.id, '1000.00', '2027-03-10T00:00:00Z');
      const earlier = await invoiceOf(other.id, '555.00', '2027-03-01T00:00:00Z');
      const second = await invoiceOf(regular.id, '555.00', '2027-03-20T00:00:00Z');
      const paid = await importOne(
        { amount: '1000.00', variableSymbol: first.variableSymbol, counterAccount: '19-2000145399/0800' },
        own,
        acct.id,
      );
      expect(paid).to.include({ matchStatus: 'AUTO_MATCHED', documentId: first.id });

      const fromKnown = await importOne({ amount: '555.00', counterAccount: '19-2000145399/0800' }, own, acct.id);
      const fromStranger = await importOne(
        { amount: '555.00', counterAccount: '670100-2200000000/6210' },
        own,
        acct.id,
      );
      expect(fromKnown.matchStatus, 'an amount and an account alone never match automatically').to.equal('UNMATCHED');
      expect(await suggestionOf(fromKnown.id, own)).to.include({ documentId: second.id, reason: 'COUNTER_ACCOUNT' });
      expect(await suggestionOf(fromStranger.id, own)).to.include({ documentId: earlier.id, reason: 'AMOUNT' });

      const page = await app.graphql(
        `query { payments(matchStatus: UNMATCHED) { data { transactionId suggestion { documentId reason } } } }`,
        {},
        own.token,
      );
      const byTx = Object.fromEntries(page.body.data.payments.data.map((p: any) => [p.transactionId, p.suggestion]));
      expect(byTx[fromKnown.transactionId]).to.deep.equal({ documentId: second.id, reason: 'COUNTER_ACCOUNT' });
      expect(byTx[fromStranger.transactionId]).to.deep.equal({ documentId: earlier.id, reason: 'AMOUNT' });
    });
  });

  describe('partial and over-payments', () => {
    it('matches partial payments automatically until the document is paid', async () => {
      const invoice = await makeInvoice(app, company.token, { total: '900.00', variableSymbol: nextSymbol() });
      const result = await importPayments(app, company.token, account.id, [
        makePaymentLine({ amount: '300.00', variableSymbol: invoice.variableSymbol }),
        makePaymentLine({ amount: '300.00', variableSymbol: invoice.variableSymbol }),
      ]);
      expect(result.summary.matched).to.equal(2);
      expect(await getDocument(app, company.token, invoice.id)).to.include({
        status: 'ISSUED',
        paidAmount: '600.00',
        remainingAmount: '300.00',
      });
      // The last third, then one payment too many: that one is an over-payment and waits for a person.
      const last = await importPayments(app, company.token, account.id, [
        makePaymentLine({ amount: '300.00', variableSymbol: invoice.variableSymbol }),
        makePaymentLine({ amount: '300.00', variableSymbol: invoice.variableSymbol }),
      ]);
      expect(last.lines.map((l: any) => l.payment.matchStatus)).to.deep.equal(['AUTO_MATCHED', 'UNMATCHED']);
      expect(await getDocument(app, company.token, invoice.id)).to.include({ status: 'PAID', paidAmount: '900.00' });
    });

    it('leaves an over-payment unmatched; a person may match it and the document is paid with the excess', async () => {
      const invoice = await makeInvoice(app, company.token, { total: '400.00', variableSymbol: nextSymbol() });
      const payment = await importOne({ amount: '450.00', variableSymbol: invoice.variableSymbol });
      expect(payment.matchStatus).to.equal('UNMATCHED');
      const matched = await match(payment.id, invoice.id);
      expect(matched).to.include({ matchStatus: 'MANUAL_MATCHED', appliedAmount: '450.00' });
      expect(await getDocument(app, company.token, invoice.id)).to.include({
        status: 'PAID',
        paidAmount: '450.00',
        remainingAmount: '0.00',
      });
    });
  });

  describe('a CZK payment of a document in another currency', () => {
    const eurInvoice = (total: string) =>
      makeInvoice(app, company.token, { total, currency: 'EUR', exchangeRate: '25.125', variableSymbol: nextSymbol() });

    it('pays it at the document’s exchange rate; unmatching takes back exactly what was applied', async () => {
      const invoice = await eurInvoice('100.00');
      const seq = await lastEventSeq(app);
      const payment = await importOne({ amount: '2512.50', variableSymbol: invoice.variableSymbol });
      expect(payment).to.include({
        matchStatus: 'AUTO_MATCHED',
        documentId: invoice.id,
        amount: '2512.50',
        currency: 'CZK',
        appliedAmount: '100.00',
      });
      expect(await getDocument(app, company.token, invoice.id)).to.include({
        status: 'PAID',
        currency: 'EUR',
        paidAmount: '100.00',
      });
      const events = await orgEventRecords(app, company.organizationId, seq);
      expect(events.map((e) => e.event)).to.include.members(['payment.matched', 'document.paid']);

      const res = await app.del(`/api/v1/payments/${payment.id}/match`, company.token);
      expect(res.status, res.text).to.equal(200);
      expect(res.body).to.include({ matchStatus: 'UNMATCHED', appliedAmount: null });
      expect(await getDocument(app, company.token, invoice.id)).to.include({ status: 'ISSUED', paidAmount: '0.00' });
    });

    it('counts up to 1 % more as paid in full (the exchange-rate difference), less as a partial payment', async () => {
      const full = await eurInvoice('200.00');
      const within = await importOne({ amount: '5045.00', variableSymbol: full.variableSymbol });
      expect(within).to.include({ matchStatus: 'AUTO_MATCHED', appliedAmount: '200.80' });
      expect(await getDocument(app, company.token, full.id)).to.include({ status: 'PAID', paidAmount: '200.80' });

      const partial = await eurInvoice('200.00');
      const part = await importOne({ amount: '1005.00', variableSymbol: partial.variableSymbol });
      expect(part).to.include({ matchStatus: 'AUTO_MATCHED', appliedAmount: '40.00' });
      expect(await getDocument(app, company.token, partial.id)).to.include({
        status: 'ISSUED',
        paidAmount: '40.00',
        remainingAmount: '160.00',
      });

      const over = await eurInvoice('200.00');
      const tooMuch = await importOne({ amount: '5100.00', variableSymbol: over.variableSymbol });
      expect(tooMuch.matchStatus).to.equal('UNMATCHED');
    });

    it('suggests it by amount in the document’s currency and matches it by hand', async () => {
      const invoice = await eurInvoice('48.00');
      const payment = await importOne({ amount: '1206.00' });
      expect(await suggestionOf(payment.id)).to.include({
        documentId: invoice.id,
        currency: 'EUR',
        remainingAmount: '48.00',
        appliedAmount: '48.00',
        reason: 'AMOUNT',
      });
      expect(await match(payment.id, invoice.id)).to.include({ matchStatus: 'MANUAL_MATCHED', appliedAmount: '48.00' });
      expect(await getDocument(app, company.token, invoice.id)).to.include({ status: 'PAID', paidAmount: '48.00' });
    });

    it('does not convert payments in other currencies', async () => {
      const invoice = await eurInvoice('10.00');
      const usd = await makeBankAccount(app, company.token, { accountNumber: '2000145401/2010', currency: 'USD' });
      const payment = await importOne(
        { amount: '10.00', currency: 'USD', variableSymbol: invoice.variableSymbol },
        company,
        usd.id,
      );
      expect(payment.matchStatus).to.equal('UNMATCHED');
      expect(await suggestionOf(payment.id)).to.equal(null);
    });
  });

  describe('the rules as functions', () => {
    it('reads document numbers out of a message', () => {
      expect(messageNumbers('Úhrada faktury č.FV-2026/0012. Díky, Novák')).to.deep.equal(['FV-2026/0012']);
      expect(messageNumbers('fa 2026-0001, 2026-0002 a znovu 2026-0001')).to.deep.equal(['2026-0001', '2026-0002']);
      expect(messageNumbers('platba za leden')).to.deep.equal([]);
      expect(messageNumbers(null)).to.deep.equal([]);
      expect(messageNumbers(Array.from({ length: 50 }, (_, i) => `A${i}00`).join(' '))).to.have.length(20);
    });

    it('converts CZK only, at the document’s rate, rounded half up', () => {
      expect(appliedAmountOf({ amount: '100.00', currency: 'EUR' }, { currency: 'EUR', exchangeRate: '25' })).to.equal(
        '100.00',
      );
      expect(appliedAmountOf({ amount: '1.25', currency: 'CZK' }, { currency: 'EUR', exchangeRate: '25' })).to.equal(
        '0.05',
      );
      expect(appliedAmountOf({ amount: '0.10', currency: 'CZK' }, { currency: 'EUR', exchangeRate: '25' })).to.equal(
        null,
      );
      expect(appliedAmountOf({ amount: '10.00', currency: 'USD' }, { currency: 'EUR', exchangeRate: '25' })).to.equal(
        null,
      );
      expect(appliedAmountOf({ amount: '10.00', currency: 'CZK' }, { currency: 'EUR', exchangeRate: null })).to.equal(
        null,
      );
    });

    it('tells full, partial and over-payments apart, with 1 % leeway for a converted payment', () => {
      expect(coverageOf('100.00', '100.00', false)).to.equal('FULL');
      expect(coverageOf('99.99', '100.00', false)).to.equal('PARTIAL');
      expect(coverageOf('100.01', '100.00', false)).to.equal('OVER');
      expect(coverageOf('101.00', '100.00', true)).to.equal('FULL');
      expect(coverageOf('101.01', '100.00', true)).to.equal('OVER');
    });
  });
});
