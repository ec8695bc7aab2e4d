import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { startTestApp, type TestApp } from '../helpers/app';
import { type Company, ITEM, makeApiKey, makeCompany, makeContact, makeDocument } from '../helpers/fixtures';
import { lastEventSeq, orgEventEntries } from '../helpers/outbox';
import { documentPayload } from '../helpers/payloads';

describe('documents: create, read, list, update, delete', () => {
  let app: TestApp;
  let company: Company;
  let other: Company;
  before(async () => {
    app = await startTestApp({ PUBLIC_URL: 'https://faktura.example' });
    company = await makeCompany(app);
    other = await makeCompany(app, { companyName: 'Other s.r.o.' });
  });
  after(() => app.stop());

  it('creates a draft invoice with computed totals, a number from the series and a public link', async () => {
    const contact = await makeContact(app, company.token, { name: 'Klient a.s.', email: 'klient@example.cz' });
    const after = await lastEventSeq(app);
    const res = await app.post(
      '/api/v1/documents',
      {
        type: 'INVOICE',
        contactId: contact.id,
        issuedAt: '2026-03-01T09:00:00Z',
        dueAt: '2026-03-15',
        tags: ['vip', 'vip', 'q1'],
        items: [
          { name: 'Consulting', quantity: 2, unit: 'h', unitPrice: 500, vatRate: 21 },
          { name: 'Book', quantity: 1, unitPrice: '112.00', vatRate: 12, priceIncludesVat: true },
          { name: 'Export service', quantity: 0.5, unitPrice: 33.33, vatRate: 0 },
        ],
      },
      company.token,
    );
    expect(res.status, res.text).to.equal(201);
    const doc = res.body;
    expect(doc).to.deep.include({
      type: 'INVOICE',
      status: 'DRAFT',
      number: 'FV000001',
      variableSymbol: '000001',
      contactId: contact.id,
      clientName: 'Klient a.s.',
      departmentId: null,
      currency: 'CZK',
      subtotal: '1116.67',
      vatTotal: '222.00',
      total: '1338.67',
      paidAmount: '0.00',
      remainingAmount: '1338.67',
      note: null,
      issuedAt: '2026-03-01T09:00:00.000Z',
      dueAt: '2026-03-14T23:00:00.000Z',
      sentAt: null,
      paidAt: null,
      cancelledAt: null,
    });
    expect(doc.tags).to.deep.equal(['vip', 'q1']);
    expect(doc.items).to.deep.equal([
      {
        name: 'Consulting',
        quantity: 2,
        unit: 'h',
        unitPrice: 500,
        vatRate: 21,
        priceIncludesVat: false,
        base: '1000.00',
        vat: '210.00',
        total: '1210.00',
      },
      {
        name: 'Book',
        quantity: 1,
        unit: 'ks',
        unitPrice: 112,
        vatRate: 12,
        priceIncludesVat: true,
        base: '100.00',
        vat: '12.00',
        total: '112.00',
      },
      {
        name: 'Export service',
        quantity: 0.5,
        unit: 'ks',
        unitPrice: 33.33,
        vatRate: 0,
        priceIncludesVat: false,
        base: '16.67',
        vat: '0.00',
        total: '16.67',
      },
    ]);
    expect(doc.publicUrl).to.match(/^https:\/\/faktura\.example\/public\/documents\/fpd_[0-9a-f]{64}$/);
    expect(await orgEventEntries(app, company.organizationId, after)).to.deep.equal([
      { event: 'document.created', data: documentPayload(doc) },
    ]);

    const read = await app.get(`/api/v1/documents/${doc.id}`, company.token);
    expect(read.status).to.equal(200);
    // The record adds the reminders sent (none yet) to what the list and POST show.
    expect(read.body).to.deep.equal({ ...doc, reminders: [] });
  });

  it('creates a document already paid: document.created then document.paid', async () => {
    const after = await lastEventSeq(app);
    const doc = await makeDocument(app, company.token, { status: 'PAID', clientName: 'Walk-in' });
    expect(doc).to.deep.include({
      status: 'PAID',
      total: '1210.00',
      paidAmount: '1210.00',
      remainingAmount: '0.00',
      clientName: 'Walk-in',
      contactId: null,
    });
    expect(doc.paidAt).to.be.a('string');
    const events = await orgEventEntries(app, company.organizationId, after);
    expect(events).to.deep.equal([
      { event: 'document.created', data: documentPayload(doc) },
      { event: 'document.paid', data: documentPayload(doc) },
    ]);
    expect(events[0].data).to.include({ status: 'PAID', total: 1210, paidAmount: 1210 });
  });

  it('rejects wrong types and unknown references with 400 VALIDATION_FAILED', async () => {
    const cases: [unknown, string][] = [
      [{ items: [ITEM] }, 'type'],
      [{ type: 'RECEIPT', items: [ITEM] }, 'type'],
      [{ type: 'INVOICE', items: [] }, 'items'],
      [{ type: 'INVOICE', items: [{ ...ITEM, quantity: 'two' }] }, 'items[0].quantity'],
      [{ type: 'INVOICE', items: [{ ...ITEM, quantity: 0 }] }, 'items[0].quantity'],
      [{ type: 'INVOICE', items: [{ ...ITEM, unitPrice: 1.00001 }] }, 'items[0].unitPrice'],
      [{ type: 'INVOICE', items: [{ ...ITEM, vatRate: -1 }] }, 'items[0].vatRate'],
      [{ type: 'INVOICE', items: [{ ...ITEM, name: '' }] }, 'items[0].name'],
      [{ type: 'INVOICE', items: [ITEM], status: 'SENT' }, 'status'],
      [{ type: 'INVOICE', items: [ITEM], currency: 'czk' }, 'currency'],
      [{ type: 'INVOICE', items: [ITEM], tags: 'vip' }, 'tags'],
      [{ type: 'INVOICE', items: [ITEM], issuedAt: 'yesterday' }, 'issuedAt'],
      [{ type: 'INVOICE', items: [ITEM], issuedAt: '2026-03-10', dueAt: '2026-03-01' }, 'dueAt'],
      [{ type: 'INVOICE', items: [ITEM], contactId: 'nope' }, 'contactId'],
      [{ type: 'INVOICE', items: [ITEM], contactId: randomUUID() }, 'contactId'],
      [{ type: 'INVOICE', items: [ITEM], departmentId: randomUUID() }, 'departmentId'],
      [{ type: 'INVOICE', items: [{ ...ITEM, unitPrice: -500 }] }, 'items'],
      [{ type: 'QUOTE', items: [ITEM], status: 'PAID' }, 'status'],
    ];
    for (const [body, path] of cases) {
      const res = await app.post('/api/v1/documents', body, company.token);
      expect(res.status, JSON.stringify(body)).to.equal(400);
      expect(res.body.code).to.equal('VALIDATION_FAILED');
      expect(
        res.body.details.map((d: any) => d.path),
        JSON.stringify(body),
      ).to.include(path);
    }
    const credit = await makeDocument(app, company.token, {
      type: 'CREDIT_NOTE',
      items: [{ ...ITEM, unitPrice: -500 }],
    });
    expect(credit).to.include({ number: 'DB000001', total: '-1210.00' });
  });

  it("treats another organization's contact and document as unknown", async () => {
    const foreignContact = await makeContact(app, other.token);
    const res = await app.post(
      '/api/v1/documents',
      { type: 'INVOICE', items: [ITEM], contactId: foreignContact.id },
      company.token,
    );
    expect(res.status).to.equal(400);
    expect(res.body.details).to.deep.equal([{ path: 'contactId', message: 'no such contact in this organization' }]);

    const foreign = await makeDocument(app, other.token);
    const notFound = { error: 'Not Found', message: 'Document not found', code: 'NOT_FOUND' };
    for (const res of [
      await app.get(`/api/v1/documents/${foreign.id}`, company.token),
      await app.patch(`/api/v1/documents/${foreign.id}`, { tags: ['x'] }, company.token),
      await app.del(`/api/v1/documents/${foreign.id}`, company.token),
      await app.post(`/api/v1/documents/${foreign.id}/transition`, { status: 'ISSUED' }, company.token),
      await app.post(`/api/v1/documents/${foreign.id}/send-email`, {}, company.token),
      await app.get(`/api/v1/documents/${randomUUID()}`, company.token),
      await app.get('/api/v1/documents/not-a-uuid', company.token),
    ]) {
      expect(res.status).to.equal(404);
      expect(res.body).to.deep.equal(notFound);
    }
    const list = await app.get('/api/v1/documents?limit=200', company.token);
    expect(list.body.data.map((d: any) => d.id)).not.to.include(foreign.id);
  });

  it('updates content and tags (document.updated) and locks content of paid documents', async () => {
    const contact = await makeContact(app, company.token, { name: 'Nový klient' });
    const doc = await makeDocument(app, company.token, { status: 'ISSUED' });
    const after = await lastEventSeq(app);
    const res = await app.patch(
      `/api/v1/documents/${doc.id}`,
      {
        contactId: contact.id,
        items: [{ name: 'Design', quantity: 3, unitPrice: 100, vatRate: 21 }],
        tags: ['web'],
        note: 'Thanks',
      },
      company.token,
    );
    expect(res.status, res.text).to.equal(200);
    expect(res.body).to.deep.include({
      contactId: contact.id,
      clientName: 'Nový klient',
      subtotal: '300.00',
      vatTotal: '63.00',
      total: '363.00',
      tags: ['web'],
      note: 'Thanks',
      status: 'ISSUED',
    });
    expect(await orgEventEntries(app, company.organizationId, after)).to.deep.equal([
      { event: 'document.updated', data: documentPayload(res.body) },
    ]);

    const bad = await app.patch(
      `/api/v1/documents/${doc.id}`,
      { items: [{ ...ITEM, vatRate: 'high' }] },
      company.token,
    );
    expect(bad.status).to.equal(400);
    expect(bad.body.details[0].path).to.equal('items[0].vatRate');

    await app.post(`/api/v1/documents/${doc.id}/transition`, { status: 'PAID' }, company.token);
    const locked = await app.patch(`/api/v1/documents/${doc.id}`, { items: [ITEM] }, company.token);
    expect(locked.status).to.equal(409);
    expect(locked.body).to.deep.equal({
      error: 'Conflict',
      message: 'A PAID document can no longer be edited; only its tags and custom fields can change',
      code: 'DOCUMENT_LOCKED',
    });
    const tagged = await app.patch(`/api/v1/documents/${doc.id}`, { tags: ['paid-late'] }, company.token);
    expect(tagged.status).to.equal(200);
    expect(tagged.body.tags).to.deep.equal(['paid-late']);
  });

  it('deletes only drafts: document.deleted with the last known state, 409 otherwise', async () => {
    const draft = await makeDocument(app, company.token, { type: 'ORDER' });
    const after = await lastEventSeq(app);
    const res = await app.del(`/api/v1/documents/${draft.id}`, company.token);
    expect(res.status).to.equal(204);
    expect(await orgEventEntries(app, company.organizationId, after)).to.deep.equal([
      { event: 'document.deleted', data: documentPayload(draft) },
    ]);
    expect((await app.get(`/api/v1/documents/${draft.id}`, company.token)).status).to.equal(404);
    // The newest draft gave its number back: the series stays without gaps.
    const next = await makeDocument(app, company.token, { type: 'ORDER' });
    expect(next.number).to.equal(draft.number);

    const issued = await makeDocument(app, company.token, { status: 'ISSUED' });
    const refused = await app.del(`/api/v1/documents/${issued.id}`, company.token);
    expect(refused.status).to.equal(409);
    expect(refused.body).to.deep.equal({
      error: 'Conflict',
      message: 'Only a draft can be deleted; this document is ISSUED (cancel or archive it instead)',
      code: 'DOCUMENT_NOT_DRAFT',
    });
  });

  it('lists with pagination and filters (type, status, contact, date range, tag)', async () => {
    const fresh = await makeCompany(app);
    const key = await makeApiKey(app, fresh);
    const contact = await makeContact(app, key.key);
    const a = await makeDocument(app, key.key, { issuedAt: '2026-01-31T23:30:00Z', tags: ['x'] });
    const b = await makeDocument(app, key.key, {
      type: 'QUOTE',
      status: 'ISSUED',
      contactId: contact.id,
      issuedAt: '2026-02-10',
    });
    const c = await makeDocument(app, key.key, { status: 'ISSUED', issuedAt: '2026-03-05', tags: ['x', 'y'] });
    const ids = async (query: string) => {
      const res = await app.get(`/api/v1/documents?${query}`, key.key);
      expect(res.status, res.text).to.equal(200);
      return res.body.data.map((d: any) => d.id);
    };
    expect(await ids('')).to.deep.equal([a.id, b.id, c.id]);
    expect(await ids('type=QUOTE')).to.deep.equal([b.id]);
    expect(await ids('status=ISSUED')).to.deep.equal([b.id, c.id]);
    expect(await ids(`contactId=${contact.id}`)).to.deep.equal([b.id]);
    expect(await ids('tag=x')).to.deep.equal([a.id, c.id]);
    // 2026-01-31T23:30Z is already 1 February in Prague.
    expect(await ids('from=2026-02-01&to=2026-02-28')).to.deep.equal([a.id, b.id]);
    expect(await ids('from=2026-03-01')).to.deep.equal([c.id]);

    const first = await app.get('/api/v1/documents?limit=2', key.key);
    expect(first.body.data).to.have.length(2);
    const second = await app.get(`/api/v1/documents?limit=2&cursor=${first.body.nextCursor}`, key.key);
    expect(second.body.data.map((d: any) => d.id)).to.deep.equal([c.id]);
    expect(second.body.nextCursor).to.equal(null);

    for (const query of ['type=BILL', 'status=NEW', 'contactId=1', 'from=01.02.2026', 'limit=0', 'cursor=zzz']) {
      const res = await app.get(`/api/v1/documents?${query}`, key.key);
      expect(res.status, query).to.equal(400);
      expect(res.body.code).to.equal('VALIDATION_FAILED');
    }
  });
});
