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
} from '../helpers/fixtures';
import { lastEventSeq, orgEventRecords } from '../helpers/outbox';
import { documentPayload, paymentPayload } from '../helpers/payloads';

describe('automatic payment matching on import', () => {
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

  it('matches an incoming payment by variable symbol and exact amount and pays the invoice', async () => {
    const vs = nextSymbol();
    const invoice = await makeInvoice(app, company.token, { total: '1210.00', variableSymbol: vs });
    const seq = await lastEventSeq(app);
    const result = await importPayments(app, company.token, account.id, [
      makePaymentLine({ amount: 1210, variableSymbol: `000${vs}` }),
    ]);
    expect(result.summary).to.deep.equal({ imported: 1, duplicates: 0, matched: 1 });
    const payment = result.lines[0].payment;
    expect(payment).to.include({ matchStatus: 'AUTO_MATCHED', documentId: invoice.id, matchedBy: null });
    expect(payment.matchedAt).to.match(/Z$/);

    const events = await orgEventRecords(app, company.organizationId, seq);
    expect(events.map((e) => e.event)).to.deep.equal([
      'payment.imported',
      'payment.matched',
      'document.status_changed',
      'document.paid',
    ]);
    expect(events[0].data).to.deep.equal({
      ...paymentPayload(payment),
      matchStatus: 'UNMATCHED',
      documentId: null,
      source: 'MANUAL_IMPORT',
    });
    expect(events[1].data).to.deep.equal({
      ...paymentPayload(payment),
      documentNumber: invoice.number,
      matchedBy: null,
    });
    expect(events[2].data).to.deep.equal({
      ...documentPayload(invoice, { status: 'PAID', paidAmount: 1210 }),
      previousStatus: 'ISSUED',
    });
    expect(events[3].data).to.deep.equal(documentPayload(invoice, { status: 'PAID', paidAmount: 1210 }));

    const doc = await getDocument(app, company.token, invoice.id);
    expect(doc).to.include({ status: 'PAID', paidAmount: '1210.00', remainingAmount: '0.00' });
  });

  it('matches the default variable symbol derived from the number', async () => {
    const own = await makeCompany(app);
    const acct = await makeBankAccount(app, own.token);
    const invoice = await makeInvoice(app, own.token, { total: '300.00' });
    expect(invoice.variableSymbol).to.match(/^\d+$/);
    const payment = (
      await importPayments(app, own.token, acct.id, [
        makePaymentLine({ amount: '300', variableSymbol: String(Number(invoice.variableSymbol)) }),
      ])
    ).lines[0].payment;
    expect(payment).to.include({ matchStatus: 'AUTO_MATCHED', documentId: invoice.id });
  });

  it('matches a partial payment and then the remaining amount', async () => {
    const vs = nextSymbol();
    const invoice = await makeInvoice(app, company.token, { total: '1000.00', variableSymbol: vs });
    const partial = await importOne({ amount: '400.00', variableSymbol: vs });
    expect(partial).to.include({ matchStatus: 'AUTO_MATCHED', documentId: invoice.id, appliedAmount: '400.00' });
    expect(await getDocument(app, company.token, invoice.id)).to.include({ status: 'ISSUED', paidAmount: '400.00' });
    const rest = await importOne({ amount: '600.00', variableSymbol: vs });
    expect(rest).to.include({ matchStatus: 'AUTO_MATCHED', documentId: invoice.id });
    expect(await getDocument(app, company.token, invoice.id)).to.include({ status: 'PAID', paidAmount: '1000.00' });
  });

  it('matches only the first of two lines paying the same invoice in one statement', async () => {
    const vs = nextSymbol();
    const invoice = await makeInvoice(app, company.token, { total: '500.00', variableSymbol: vs });
    const result = await importPayments(app, company.token, account.id, [
      makePaymentLine({ amount: 500, variableSymbol: vs }),
      makePaymentLine({ amount: 500, variableSymbol: vs }),
    ]);
    expect(result.summary).to.deep.equal({ imported: 2, duplicates: 0, matched: 1 });
    expect(result.lines.map((l: any) => l.payment.matchStatus)).to.deep.equal(['AUTO_MATCHED', 'UNMATCHED']);
    expect(await getDocument(app, company.token, invoice.id)).to.include({ status: 'PAID', paidAmount: '500.00' });
  });

  it('leaves unclear payments unmatched', async () => {
    const vs = {
      over: nextSymbol(),
      outgoing: nextSymbol(),
      draft: nextSymbol(),
      currency: nextSymbol(),
      ambiguous: nextSymbol(),
      quote: nextSymbol(),
      foreign: nextSymbol(),
      paid: nextSymbol(),
    };
    await makeInvoice(app, company.token, { total: '800.00', variableSymbol: vs.over });
    await makeInvoice(app, company.token, { total: '800.00', variableSymbol: vs.outgoing });
    await makeInvoice(app, company.token, { total: '800.00', variableSymbol: vs.draft, status: 'DRAFT' });
    // 800 CZK at 25 CZK/EUR is 32 EUR: an over-payment of a 20 EUR invoice.
    await makeInvoice(app, company.token, {
      total: '20.00',
      variableSymbol: vs.currency,
      currency: 'EUR',
      exchangeRate: '25',
    });
    await makeInvoice(app, company.token, { total: '800.00', variableSymbol: vs.ambiguous });
    await makeInvoice(app, company.token, { total: '800.00', variableSymbol: vs.ambiguous });
    await makeInvoice(app, company.token, { total: '800.00', variableSymbol: vs.quote, type: 'QUOTE' });
    await makeInvoice(app, company.token, { total: '800.00', variableSymbol: vs.paid, status: 'PAID' });
    const other = await makeCompany(app);
    await makeInvoice(app, other.token, { total: '800.00', variableSymbol: vs.foreign });
    const seq = await lastEventSeq(app);
    const result = await importPayments(app, company.token, account.id, [
      makePaymentLine({ amount: 800.01, variableSymbol: vs.over }),
      makePaymentLine({ amount: 800, variableSymbol: vs.outgoing, direction: 'OUT' }),
      makePaymentLine({ amount: 800, variableSymbol: vs.draft }),
      makePaymentLine({ amount: 800, variableSymbol: vs.currency }),
      makePaymentLine({ amount: 800, variableSymbol: vs.ambiguous }),
      makePaymentLine({ amount: 800, variableSymbol: vs.quote }),
      makePaymentLine({ amount: 800, variableSymbol: vs.foreign }),
      makePaymentLine({ amount: 800, variableSymbol: vs.paid }),
      makePaymentLine({ amount: 800, variableSymbol: null }),
      makePaymentLine({ amount: 800, variableSymbol: '0000' }),
    ]);
    expect(result.summary).to.deep.equal({ imported: 10, duplicates: 0, matched: 0 });
    expect(
      result.lines.every((l: any) => l.payment.matchStatus === 'UNMATCHED' && l.payment.documentId === null),
    ).to.equal(true);
    const events = await orgEventRecords(app, company.organizationId, seq);
    expect(new Set(events.map((e) => e.event))).to.deep.equal(new Set(['payment.imported']));
  });

  it('pays an invoice once when two statements with its exact amount are imported concurrently', async () => {
    const own = await makeCompany(app);
    const [a, b] = [
      await makeBankAccount(app, own.token, { name: 'A' }),
      await makeBankAccount(app, own.token, { name: 'B' }),
    ];
    const vs = nextSymbol();
    const invoice = await makeInvoice(app, own.token, { total: '2500.00', variableSymbol: vs });
    const seq = await lastEventSeq(app);
    const results = await Promise.all(
      [a, b, a, b].map((acct, i) =>
        app.post(
          '/api/v1/payments/import',
          {
            bankAccountId: acct.id,
            payments: [makePaymentLine({ amount: 2500, variableSymbol: vs, transactionId: `P-${i}` })],
          },
          own.token,
        ),
      ),
    );
    for (const r of results) expect(r.status, r.text).to.equal(200);
    const statuses = results.map((r) => r.body.lines[0].payment.matchStatus);
    expect(statuses.filter((s) => s === 'AUTO_MATCHED')).to.have.length(1);
    expect(await getDocument(app, own.token, invoice.id)).to.include({ status: 'PAID', paidAmount: '2500.00' });
    const events = await orgEventRecords(app, own.organizationId, seq);
    expect(events.filter((e) => e.event === 'document.paid')).to.have.length(1);
    expect(events.filter((e) => e.event === 'payment.matched')).to.have.length(1);
  });
});
