import { expect } from 'chai';
import { startTestApp, type TestApp } from '../helpers/app';
import {
  type Company,
  importPayments,
  makeBankAccount,
  makeCompany,
  makeDocument,
  makeInvoice,
  makePaymentLine,
  makeUser,
} from '../helpers/fixtures';

/**
 * What the web app's forms ask the server for (REST and GraphQL alike): the totals of lines being
 * typed, the statuses a document may move to now, and the document an unmatched payment pays.
 */
describe('documents and payments: totals preview, allowed transitions, payment suggestion', () => {
  let app: TestApp;
  let company: Company;
  before(async () => {
    app = await startTestApp();
    company = await makeCompany(app);
  });
  after(() => app.stop());

  const lines = [
    { name: 'Konzultace', quantity: '1.5', unitPrice: '1000', vatRate: 21 },
    { name: 'Kniha', quantity: 3, unitPrice: '99.90', vatRate: 12 },
    { name: 'Brutto', quantity: 1, unitPrice: '121', vatRate: 21, priceIncludesVat: true },
  ];

  it('previews totals exactly as a saved document computes them, stores nothing, and the same through GraphQL', async () => {
    const before = (await app.get('/api/v1/documents', company.token)).body.data.length;
    const preview = await app.post('/api/v1/documents/totals-preview', { items: lines }, company.token);
    expect(preview.status, preview.text).to.equal(200);
    const saved = await makeDocument(app, company.token, { items: lines });
    expect(preview.body).to.deep.equal({
      items: saved.items,
      vatRates: [
        { vatRate: '21', subtotal: '1600.00', vatTotal: '336.00', total: '1936.00' },
        { vatRate: '12', subtotal: '299.70', vatTotal: '35.96', total: '335.66' },
      ],
      subtotal: saved.subtotal,
      vatTotal: saved.vatTotal,
      total: saved.total,
    });
    expect(saved.total).to.equal('2271.66');
    expect((await app.get('/api/v1/documents', company.token)).body.data.length).to.equal(before + 1);

    const gql = await app.graphql(
      'query ($items: [DocumentItemInput!]!) { documentTotalsPreview(items: $items) { subtotal vatTotal total vatRates { vatRate subtotal vatTotal total } items { base vat total } } }',
      { items: lines },
      company.token,
    );
    expect(gql.body.errors).to.equal(undefined);
    expect(gql.body.data.documentTotalsPreview).to.deep.equal({
      subtotal: preview.body.subtotal,
      vatTotal: preview.body.vatTotal,
      total: preview.body.total,
      vatRates: preview.body.vatRates,
      items: preview.body.items.map((i: any) => ({ base: i.base, vat: i.vat, total: i.total })),
    });
  });

  it('names the line and field a preview refuses, in REST and GraphQL', async () => {
    const bad = [lines[0], { ...lines[1], quantity: '0' }];
    const rest = await app.post('/api/v1/documents/totals-preview', { items: bad }, company.token);
    expect(rest.status).to.equal(400);
    expect(rest.body.code).to.equal('VALIDATION_FAILED');
    expect(rest.body.details.map((d: any) => d.path)).to.deep.equal(['items[1].quantity']);
    const gql = await app.graphql(
      'query ($items: [DocumentItemInput!]!) { documentTotalsPreview(items: $items) { total } }',
      { items: bad },
      company.token,
    );
    expect(gql.body.errors[0].extensions).to.deep.include({ code: 'VALIDATION_FAILED' });
    expect(gql.body.errors[0].extensions.details.map((d: any) => d.path)).to.deep.equal(['items[1].quantity']);
    expect((await app.post('/api/v1/documents/totals-preview', { items: [] }, company.token)).status).to.equal(400);
  });

  it('a list argument given as null is a filter not set (documents and costs), as GraphQL clients send it', async () => {
    const doc = await makeDocument(app, company.token);
    const res = await app.graphql(
      'query { documents(cursor: null, type: null, status: null, contactId: null, from: null, to: null, search: null, tag: null, limit: 200) { data { id } } costs(status: null, cursor: null) { data { id } } }',
      {},
      company.token,
    );
    expect(res.body.errors).to.equal(undefined);
    expect(res.body.data.documents.data.map((d: any) => d.id)).to.include(doc.id);
  });

  it('a reader may preview; a caller without documents access may not', async () => {
    const reader = await makeUser(app, company, { role: 'MEMBER', permissions: { documents: 'read' } });
    expect((await app.post('/api/v1/documents/totals-preview', { items: lines }, reader.token)).status).to.equal(200);
    const outsider = await makeUser(app, company, { role: 'MEMBER', permissions: { contacts: 'read' } });
    expect((await app.post('/api/v1/documents/totals-preview', { items: lines }, outsider.token)).status).to.equal(403);
  });

  it('lists the statuses a document may move to now: no PAID for a quote, no PAID → ISSUED while a bank payment covers it', async () => {
    const draft = await makeDocument(app, company.token);
    expect(draft.allowedTransitions).to.deep.equal(['ISSUED', 'CANCELLED']);
    const quote = await makeDocument(app, company.token, { type: 'QUOTE', status: 'ISSUED' });
    expect(quote.allowedTransitions).to.deep.equal(['SENT', 'CANCELLED', 'ARCHIVED', 'ACCEPTED', 'DECLINED']);
    const order = await makeDocument(app, company.token, { type: 'ORDER', status: 'ISSUED' });
    expect(order.allowedTransitions).to.deep.equal(['SENT', 'CANCELLED', 'ARCHIVED']);
    const paidByHand = await makeDocument(app, company.token, { status: 'PAID' });
    expect(paidByHand.allowedTransitions).to.deep.equal(['ISSUED', 'ARCHIVED']);

    const invoice = await makeInvoice(app, company.token, { total: '500.00' });
    const account = await makeBankAccount(app, company.token);
    await importPayments(app, company.token, account.id, [
      makePaymentLine({ amount: '500.00', variableSymbol: invoice.variableSymbol }),
    ]);
    const paid = (await app.get(`/api/v1/documents/${invoice.id}`, company.token)).body;
    expect(paid).to.include({ status: 'PAID' });
    expect(paid.allowedTransitions).to.deep.equal(['ARCHIVED']);
    for (const to of ['ISSUED', 'SENT'])
      expect(
        (await app.post(`/api/v1/documents/${invoice.id}/transition`, { status: to }, company.token)).status,
      ).to.equal(409);
    const gql = await app.graphql(
      'query ($id: ID!) { document(id: $id) { allowedTransitions } }',
      { id: invoice.id },
      company.token,
    );
    expect(gql.body.data.document.allowedTransitions).to.deep.equal(['ARCHIVED']);
  });

  it('suggests an unpaid invoice for an unmatched incoming payment: by variable symbol first, else by the remaining amount; never another company’s', async () => {
    const shop = await makeCompany(app);
    const other = await makeCompany(app);
    const account = await makeBankAccount(app, shop.token);
    const bySymbol = await makeInvoice(app, shop.token, { total: '300.00', variableSymbol: '4455' });
    const byAmount = await makeInvoice(app, shop.token, { total: '777.00' });
    await makeInvoice(app, other.token, { total: '888.00' });
    const result = await importPayments(app, shop.token, account.id, [
      makePaymentLine({ transactionId: 'OVER', amount: '400.00', variableSymbol: '004455' }),
      makePaymentLine({ transactionId: 'AMOUNT', amount: '777.00', variableSymbol: '1' }),
      makePaymentLine({ transactionId: 'FOREIGN', amount: '888.00' }),
      makePaymentLine({ transactionId: 'OUT', amount: '777.00', direction: 'OUT' }),
    ]);
    const [over, amount, foreign, out] = result.lines.map((l: any) => l.payment.id);
    const suggest = async (id: string) => {
      const res = await app.get(`/api/v1/payments/${id}/suggestion`, shop.token);
      expect(res.status, res.text).to.equal(200);
      return res.body.suggestion;
    };
    // An over-payment is left for a person (a partial one would have been matched on import).
    expect(await suggest(over)).to.deep.equal({
      documentId: bySymbol.id,
      number: bySymbol.number,
      clientName: 'Odběratel s.r.o.',
      currency: 'CZK',
      remainingAmount: '300.00',
      appliedAmount: '400.00',
      reason: 'VARIABLE_SYMBOL',
    });
    expect(await suggest(amount)).to.deep.include({
      documentId: byAmount.id,
      reason: 'AMOUNT',
      remainingAmount: '777.00',
    });
    expect(await suggest(foreign)).to.equal(null);
    expect(await suggest(out)).to.equal(null);

    const gql = await app.graphql(
      'query ($id: ID!) { paymentSuggestion(id: $id) { documentId reason } }',
      { id: amount },
      shop.token,
    );
    expect(gql.body.data.paymentSuggestion).to.deep.equal({ documentId: byAmount.id, reason: 'AMOUNT' });
    // Matched: no more suggestion. Another company's payment: 404.
    expect(
      (await app.put(`/api/v1/payments/${amount}/match`, { documentId: byAmount.id }, shop.token)).status,
    ).to.equal(200);
    expect(await suggest(amount)).to.equal(null);
    expect((await app.get(`/api/v1/payments/${amount}/suggestion`, other.token)).status).to.equal(404);
  });
});
