import { expect } from 'chai';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeCompany, makeContact, makeDocument, type Company } from '../helpers/fixtures';
import { lastEventSeq, orgEventEntries } from '../helpers/outbox';

const ALLOWED: [string, string[]][] = [
  ['QUOTE', ['ORDER', 'INVOICE', 'PROFORMA']],
  ['ORDER', ['INVOICE', 'PROFORMA', 'DELIVERY_NOTE']],
  ['DELIVERY_NOTE', ['INVOICE']],
  ['PROFORMA', ['INVOICE']],
];

const ITEMS = [
  { name: 'Konzultace', quantity: 3, unit: 'h', unitPrice: 1500, vatRate: 21 },
  { name: 'Kniha', quantity: 2, unitPrice: 450, vatRate: 12, priceIncludesVat: true },
];

/** Issue 25 point 1: a quote, order, proforma or delivery note becomes another document, linked both ways. */
describe('documents: conversion', () => {
  let app: TestApp;
  let company: Company;
  let contact: any;
  before(async () => {
    app = await startTestApp();
    company = await makeCompany(app);
    contact = await makeContact(app, company.token, { name: 'Odběratel a.s.' });
  });
  after(() => app.stop());

  const source = (type: string, extra: Record<string, unknown> = {}) =>
    makeDocument(app, company.token, {
      type,
      status: 'ISSUED',
      contactId: contact.id,
      items: ITEMS,
      note: `Podle ${type}`,
      ...extra,
    });
  const convert = (id: string, body: Record<string, unknown>) =>
    app.post(`/api/v1/documents/${id}/convert`, body, company.token);

  for (const [from, targets] of ALLOWED) {
    it(`converts ${from} to ${targets.join(', ')}: same customer, currency, items and note; linked both ways`, async () => {
      const original = await source(from);
      expect(original.convertibleTo).to.deep.equal(targets);
      const after = await lastEventSeq(app);
      const made: any[] = [];
      for (const type of targets) {
        const res = await convert(original.id, { type });
        expect(res.status, res.text).to.equal(201);
        expect(res.body).to.deep.include({
          type,
          status: 'DRAFT',
          contactId: contact.id,
          clientName: 'Odběratel a.s.',
          currency: 'CZK',
          items: original.items,
          subtotal: original.subtotal,
          vatTotal: original.vatTotal,
          total: original.total,
          note: `Podle ${from}`,
          sourceDocumentId: original.id,
          derivedDocumentIds: [],
        });
        expect(res.body.number).not.to.equal(original.number);
        made.push(res.body);
      }
      const record = (await app.get(`/api/v1/documents/${original.id}`, company.token)).body;
      expect(record.derivedDocumentIds).to.deep.equal(made.map((d) => d.id));
      expect(record.status).to.equal('ISSUED');
      for (const d of made) {
        const back = (await app.get(`/api/v1/documents/${d.id}`, company.token)).body;
        expect(back.sourceDocumentId).to.equal(original.id);
      }
      // Each conversion: document.created for the new one, document.updated for the source.
      const events = await orgEventEntries(app, company.organizationId, after);
      expect(events.map((e) => [e.event, e.data.id])).to.deep.equal(
        made.flatMap((d) => [
          ['document.created', d.id],
          ['document.updated', original.id],
        ]),
      );
      // The list shows the links too.
      const listed = (await app.get(`/api/v1/documents?type=${from}&limit=100`, company.token)).body.data;
      expect(listed.find((d: any) => d.id === original.id).derivedDocumentIds).to.have.length(targets.length);
    });
  }

  it('issue: true makes an ISSUED document numbered next in the target series', async () => {
    const order = await source('ORDER');
    const series = (await app.get('/api/v1/settings/numbering', company.token)).body.series;
    const next = series.find((s: any) => s.documentType === 'INVOICE').preview;
    const res = await convert(order.id, { type: 'INVOICE', issue: true });
    expect(res.status, res.text).to.equal(201);
    expect(res.body).to.deep.include({ type: 'INVOICE', status: 'ISSUED', number: next, version: 1 });
    expect(res.body.number).to.match(/^FV/);
    expect(res.body.variableSymbol).to.equal(next.replace(/\D/g, '').slice(-10));
    // The next invoice takes the following number: the conversion used the series, not a copy.
    const plain = await makeDocument(app, company.token, { type: 'INVOICE', status: 'ISSUED' });
    expect(plain.number).not.to.equal(next);
    const delivery = await convert(order.id, { type: 'DELIVERY_NOTE', issue: true });
    expect(delivery.body.number).to.match(/^DL/);
  });

  it('refuses other pairs and closed or draft sources with 409 DOCUMENT_NOT_CONVERTIBLE, creating nothing', async () => {
    const invoice = await source('INVOICE');
    const quote = await source('QUOTE');
    const draft = await source('ORDER', { status: 'DRAFT' });
    const cancelled = await source('ORDER');
    await app.post(`/api/v1/documents/${cancelled.id}/transition`, { status: 'CANCELLED' }, company.token);
    expect(draft.convertibleTo).to.deep.equal([]);
    expect(invoice.convertibleTo).to.deep.equal([]);
    const before = (await app.get('/api/v1/documents?limit=100', company.token)).body.data.length;
    const refused: [string, string][] = [
      [invoice.id, 'ORDER'],
      [quote.id, 'DELIVERY_NOTE'],
      [quote.id, 'CREDIT_NOTE'],
      [quote.id, 'QUOTE'],
      [draft.id, 'INVOICE'],
      [cancelled.id, 'INVOICE'],
    ];
    for (const [id, type] of refused) {
      const res = await convert(id, { type });
      expect(res.status, `${type}: ${res.text}`).to.equal(409);
      expect(res.body.code).to.equal('DOCUMENT_NOT_CONVERTIBLE');
    }
    const res = await convert(invoice.id, { type: 'ORDER' });
    expect(res.body.message).to.include('INVOICE');
    expect((await app.get('/api/v1/documents?limit=100', company.token)).body.data.length).to.equal(before);
    expect((await app.get(`/api/v1/documents/${quote.id}`, company.token)).body.derivedDocumentIds).to.deep.equal([]);
    // Bounded input: an unknown type is 400.
    const bad = await convert(quote.id, { type: 'RECEIPT' });
    expect(bad.status).to.equal(400);
  });

  it('keeps a foreign currency with the rate given for the new document', async () => {
    const quote = await source('QUOTE', { currency: 'EUR', exchangeRate: '24.5' });
    const res = await convert(quote.id, { type: 'INVOICE', exchangeRate: '25' });
    expect(res.status, res.text).to.equal(201);
    expect(res.body).to.deep.include({ currency: 'EUR', exchangeRate: '25', total: quote.total });
    expect(res.body.totalCzk).to.equal((Number(quote.subtotal) * 25 + Number(quote.vatTotal) * 25).toFixed(2));
  });

  it('GraphQL convertDocument: the same conversion, links in the Document type', async () => {
    const quote = await source('QUOTE');
    const res = await app.graphql(
      `mutation($id: ID!) { convertDocument(id: $id, input: { type: ORDER, issue: true }) {
         id type status sourceDocumentId derivedDocumentIds } }`,
      { id: quote.id },
      company.token,
    );
    expect(res.body.errors, JSON.stringify(res.body.errors)).to.equal(undefined);
    const order = res.body.data.convertDocument;
    expect(order).to.deep.include({
      type: 'ORDER',
      status: 'ISSUED',
      sourceDocumentId: quote.id,
      derivedDocumentIds: [],
    });
    const read = await app.graphql(
      `query($id: ID!) { document(id: $id) { derivedDocumentIds sourceDocumentId } }`,
      { id: quote.id },
      company.token,
    );
    expect(read.body.data.document).to.deep.equal({ derivedDocumentIds: [order.id], sourceDocumentId: null });
    const refused = await app.graphql(
      `mutation($id: ID!) { convertDocument(id: $id, input: { type: DELIVERY_NOTE }) { id } }`,
      { id: quote.id },
      company.token,
    );
    expect(refused.body.errors[0].extensions.code).to.equal('DOCUMENT_NOT_CONVERTIBLE');
  });
});
