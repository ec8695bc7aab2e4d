import { expect } from 'chai';
import { startTestApp, type TestApp } from '../helpers/app';
import {
  type Company,
  getDocument,
  makeCompany,
  makeContact,
  makeDocument,
  makeInvoice,
  makeUser,
} from '../helpers/fixtures';
import { advanceClock } from '../helpers/controls';
import { getBytes, pdfText } from '../invoice-doc/helpers';

const line = (unitPrice: number, name = 'Consulting') => ({ name, quantity: 1, unit: 'h', unitPrice, vatRate: 0 });

/** A literal limit: the query cost rule counts a page by its limit (a variable counts as the largest page). */
const versionsQuery = (limit: number) => `query ($id: ID!, $cursor: String) {
  document(id: $id) {
    version
    versions(limit: ${limit}, cursor: $cursor) {
      data {
        version
        userId
        at
        content {
          type status number variableSymbol contactId clientName note issuedAt dueAt taxableSupplyDate currency
          customer { name address taxId vatId }
          items { name quantity unit unitPrice vatRate priceIncludesVat base vat total }
          subtotal vatTotal total paidAmount creditedAmount remainingAmount
        }
      }
      nextCursor
    }
  }
}`;

/**
 * Versioned documents (issue 24 point 4): every change of an issued document's content is a new
 * version with who, when and the full content; each version's PDF stays downloadable; a company
 * may lock issued documents so that corrections go through credit notes.
 */
describe('documents: versions', () => {
  let app: TestApp;
  let company: Company;
  let other: Company;
  before(async () => {
    app = await startTestApp();
    [company, other] = [await makeCompany(app), await makeCompany(app)];
  });
  after(() => app.stop());

  const versions = async (id: string, query = '', token = company.token) => {
    const res = await app.get(`/api/v1/documents/${id}/versions${query}`, token);
    expect(res.status, res.text).to.equal(200);
    return res.body;
  };
  const edit = async (id: string, body: Record<string, unknown>, token = company.token) => {
    const res = await app.patch(`/api/v1/documents/${id}`, body, token);
    expect(res.status, res.text).to.equal(200);
    return res.body;
  };
  const versionPdfText = async (id: string, n: number | string) => {
    const res = await getBytes(app, `/api/v1/documents/${id}/versions/${n}/pdf`, company.token);
    expect(res.status, res.bytes.toString()).to.equal(200);
    expect(res.headers.get('content-type')).to.equal('application/pdf');
    return pdfText(res.bytes);
  };

  it('keeps the content as issued as version 1 and each later content change as the next, with who and when', async () => {
    const contact = await makeContact(app, company.token, { name: 'Původní s.r.o.', street: 'Stará 1', city: 'Brno' });
    const draft = await makeDocument(app, company.token, { contactId: contact.id, items: [line(900)] });
    expect(draft.version).to.equal(null);
    // A draft's edits are not versions.
    await edit(draft.id, { items: [line(1000)] });
    expect(await versions(draft.id)).to.deep.equal({ data: [], nextCursor: null });

    const issued = await app.post(`/api/v1/documents/${draft.id}/transition`, { status: 'ISSUED' }, company.token);
    expect(issued.body.version).to.equal(1);
    const asIssued = (await versions(draft.id)).data;
    expect(asIssued).to.have.length(1);
    expect(asIssued[0]).to.include({ version: 1, userId: company.userId });
    expect(asIssued[0].content).to.include({ status: 'ISSUED', total: '1000.00', number: draft.number });
    expect(asIssued[0].content.customer).to.deep.equal({
      name: 'Původní s.r.o.',
      address: ['Stará 1', 'Brno'],
      taxId: null,
      vatId: null,
    });

    // A status change is not a new version; neither are tags, custom fields or content sent unchanged.
    await app.post(`/api/v1/documents/${draft.id}/transition`, { status: 'SENT' }, company.token);
    await edit(draft.id, { tags: ['vip'], customFields: { po: '42' } });
    await edit(draft.id, { items: [line(1000)] });
    expect((await getDocument(app, company.token, draft.id)).version).to.equal(1);

    const editor = await makeUser(app, company, { permissions: { documents: 'write' } });
    await advanceClock(app, 60);
    const changed = await edit(draft.id, { items: [line(2500, 'Consulting, corrected')] }, editor.token);
    expect(changed).to.include({ version: 2, total: '2500.00' });
    const newClient = await makeContact(app, company.token, { name: 'Nový a.s.', street: 'Nová 2', city: 'Praha' });
    expect((await edit(draft.id, { contactId: newClient.id, dueAt: '2026-08-01' })).version).to.equal(3);

    const page = await versions(draft.id);
    expect(page.nextCursor).to.equal(null);
    expect(page.data.map((v: any) => [v.version, v.userId, v.content.total, v.content.clientName])).to.deep.equal([
      [1, company.userId, '1000.00', 'Původní s.r.o.'],
      [2, editor.id, '2500.00', 'Původní s.r.o.'],
      [3, company.userId, '2500.00', 'Nový a.s.'],
    ]);
    // Version 1 keeps the content as issued (the status and the customer then), not as it is now.
    expect(page.data[0].content).to.include({ status: 'SENT', contactId: contact.id });
    expect(page.data[0].content.items[0]).to.include({ name: 'Consulting', unitPrice: 1000, total: '1000.00' });
    expect(page.data[1].content.items[0]).to.include({ name: 'Consulting, corrected', total: '2500.00' });
    expect(page.data[2].content.customer.address).to.deep.equal(['Nová 2', 'Praha']);
    expect(new Date(page.data[1].at).getTime() - new Date(page.data[0].at).getTime()).to.be.at.least(60_000);

    // Each version's PDF prints that version; the current PDF prints the last.
    const v1 = await versionPdfText(draft.id, 1);
    expect(v1).to.include('1 000,00').and.include('Původní s.r.o.').and.not.include('2 500,00');
    const v2 = await versionPdfText(draft.id, 2);
    expect(v2).to.include('2 500,00').and.include('Consulting, corrected').and.not.include('1 000,00');
    const v3 = await versionPdfText(draft.id, 3);
    expect(v3).to.include('Nový a.s.').and.include('1. 8. 2026');
    const current = await getBytes(app, `/api/v1/documents/${draft.id}/pdf`, company.token);
    expect(await pdfText(current.bytes))
      .to.include('2 500,00')
      .and.include('Nový a.s.');
  });

  it('lists version 1 of a document created issued, and keeps it when the content first changes', async () => {
    const doc = await makeInvoice(app, company.token, { total: '700.00' });
    expect(doc.version).to.equal(1);
    const [first] = (await versions(doc.id)).data;
    expect(first).to.include({ version: 1, userId: null, at: doc.createdAt });
    expect(first.content).to.include({ total: '700.00', clientName: 'Odběratel s.r.o.', status: 'ISSUED' });
    expect(await versionPdfText(doc.id, 1)).to.include('700,00');

    await edit(doc.id, { items: [line(750)] });
    const after = (await versions(doc.id)).data;
    expect(after.map((v: any) => [v.version, v.content.total])).to.deep.equal([
      [1, '700.00'],
      [2, '750.00'],
    ]);
    expect(after[0]).to.deep.equal(first);
    expect(await versionPdfText(doc.id, 1))
      .to.include('700,00')
      .and.not.include('750,00');
  });

  it('answers 404 for a version the document does not have', async () => {
    const doc = await makeInvoice(app, company.token);
    const draft = await makeDocument(app, company.token);
    for (const path of [
      `/api/v1/documents/${doc.id}/versions/2/pdf`,
      `/api/v1/documents/${doc.id}/versions/0/pdf`,
      `/api/v1/documents/${doc.id}/versions/x/pdf`,
      `/api/v1/documents/${doc.id}/versions/99999999999/pdf`,
      `/api/v1/documents/${draft.id}/versions/1/pdf`,
    ]) {
      const res = await app.get(path, company.token);
      expect(res.status, path).to.equal(404);
      expect(res.body.code).to.equal('NOT_FOUND');
    }
  });

  it('pages by version number; GraphQL answers the same versions on Document', async () => {
    const doc = await makeInvoice(app, company.token, { total: '100.00' });
    for (const price of [200, 300, 400]) await edit(doc.id, { items: [line(price)] });
    const first = await versions(doc.id, '?limit=3');
    expect(first.data.map((v: any) => v.version)).to.deep.equal([1, 2, 3]);
    const second = await versions(doc.id, `?limit=3&cursor=${first.nextCursor}`);
    expect(second.data.map((v: any) => v.version)).to.deep.equal([4]);
    expect(second.nextCursor).to.equal(null);
    expect((await app.get(`/api/v1/documents/${doc.id}/versions?cursor=bogus`, company.token)).status).to.equal(400);

    const gql = await app.graphql(versionsQuery(3), { id: doc.id }, company.token);
    expect(gql.body.errors).to.equal(undefined);
    expect(gql.body.data.document.version).to.equal(4);
    // The same versions; GraphQL's Decimal answers the item numbers as strings, as on Document.
    const sameAsRest = (page: any) => ({
      ...page,
      data: page.data.map((v: any) => ({
        ...v,
        content: {
          ...v.content,
          items: v.content.items.map((i: any) => ({
            ...i,
            quantity: Number(i.quantity),
            unitPrice: Number(i.unitPrice),
            vatRate: Number(i.vatRate),
          })),
        },
      })),
    });
    expect(sameAsRest(gql.body.data.document.versions)).to.deep.equal(first);
    const next = await app.graphql(versionsQuery(3), { id: doc.id, cursor: first.nextCursor }, company.token);
    expect(sameAsRest(next.body.data.document.versions)).to.deep.equal(second);
  });

  it('shows versions only to those who may read the document', async () => {
    const sales = (await app.post('/api/v1/departments', { name: 'Sales' }, company.token)).body.id;
    const support = (await app.post('/api/v1/departments', { name: 'Support' }, company.token)).body.id;
    const doc = await makeInvoice(app, company.token, { departmentId: sales });
    await edit(doc.id, { items: [line(1234)] });
    const outsider = await makeUser(app, company, { permissions: { documents: 'read' }, departmentIds: [support] });
    const insider = await makeUser(app, company, { permissions: { documents: 'read' }, departmentIds: [sales] });
    const nobody = await makeUser(app, company, { permissions: {} });
    for (const path of [`/api/v1/documents/${doc.id}/versions`, `/api/v1/documents/${doc.id}/versions/1/pdf`]) {
      expect((await app.get(path, other.token)).status, path).to.equal(404);
      expect((await app.get(path, outsider.token)).status, path).to.equal(404);
      expect((await app.get(path, nobody.token)).status, path).to.equal(403);
      expect((await app.get(path, insider.token)).status, path).to.equal(200);
    }
    const gql = await app.graphql(versionsQuery(1), { id: doc.id }, outsider.token);
    expect(gql.body.errors[0].extensions.code).to.equal('NOT_FOUND');
  });

  it('gives parallel edits consecutive versions, never the same one twice', async () => {
    const doc = await makeInvoice(app, company.token, { total: '100.00' });
    const prices = [101, 102, 103, 104, 105, 106];
    const answers = await Promise.all(
      prices.map((price) => app.patch(`/api/v1/documents/${doc.id}`, { items: [line(price)] }, company.token)),
    );
    expect(answers.map((a) => a.status)).to.deep.equal(prices.map(() => 200));
    expect(answers.map((a) => a.body.version).sort((a, b) => a - b)).to.deep.equal([2, 3, 4, 5, 6, 7]);
    const page = await versions(doc.id);
    expect(page.data.map((v: any) => v.version)).to.deep.equal([1, 2, 3, 4, 5, 6, 7]);
    // Each version holds the content its own edit wrote.
    for (const answer of answers) expect(page.data[answer.body.version - 1].content.total).to.equal(answer.body.total);
    expect((await getDocument(app, company.token, doc.id)).version).to.equal(7);
  });

  describe('a company that locks issued documents', () => {
    let locked: Company;
    before(async () => {
      locked = await makeCompany(app);
    });

    const lock = async (on: boolean) => {
      const res = await app.put('/api/v1/settings/company', { lockIssuedDocuments: on }, locked.token);
      expect(res.status, res.text).to.equal(200);
      expect(res.body.lockIssuedDocuments).to.equal(on);
    };

    it('refuses content changes of issued and sent documents with DOCUMENT_LOCKED, through REST and GraphQL', async () => {
      expect((await app.get('/api/v1/settings/company', locked.token)).body.lockIssuedDocuments).to.equal(false);
      const doc = await makeInvoice(app, locked.token, { total: '500.00' });
      const sent = await makeInvoice(app, locked.token, { total: '600.00' });
      await app.post(`/api/v1/documents/${sent.id}/transition`, { status: 'SENT' }, locked.token);
      await lock(true);
      const settings = await app.graphql('{ companySettings { lockIssuedDocuments } }', {}, locked.token);
      expect(settings.body.data.companySettings.lockIssuedDocuments).to.equal(true);

      for (const id of [doc.id, sent.id]) {
        const res = await app.patch(`/api/v1/documents/${id}`, { items: [line(1)] }, locked.token);
        expect(res.status).to.equal(409);
        expect(res.body.code).to.equal('DOCUMENT_LOCKED');
        expect(res.body.message).to.include('credit note');
      }
      const gql = await app.graphql(
        'mutation ($id: ID!) { updateDocument(id: $id, input: { clientName: "X" }) { id } }',
        { id: doc.id },
        locked.token,
      );
      expect(gql.body.errors[0].extensions.code).to.equal('DOCUMENT_LOCKED');
      expect(gql.body.errors[0].message).to.include('credit note');

      // Tags and custom fields still change; drafts are still edited; nothing became a version.
      expect((await edit(doc.id, { tags: ['checked'] }, locked.token)).tags).to.deep.equal(['checked']);
      const draft = await makeDocument(app, locked.token);
      expect((await edit(draft.id, { items: [line(5)] }, locked.token)).total).to.equal('5.00');
      expect((await getDocument(app, locked.token, doc.id)).total).to.equal('500.00');
      expect((await versions(doc.id, '', locked.token)).data.map((v: any) => v.version)).to.deep.equal([1]);

      // A credit note is the way to correct it.
      const credit = await makeDocument(app, locked.token, {
        type: 'CREDIT_NOTE',
        status: 'ISSUED',
        items: [line(-100)],
      });
      expect(credit.total).to.equal('-100.00');

      await lock(false);
      expect((await edit(doc.id, { items: [line(450)] }, locked.token)).version).to.equal(2);
    });
  });
});
