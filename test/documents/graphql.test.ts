import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { startTestApp, type TestApp } from '../helpers/app';
import { type Company, makeApiKey, makeCompany, makeDocument, makeUser } from '../helpers/fixtures';
import { lastEventSeq, orgEventEntries } from '../helpers/outbox';
import { documentPayload } from '../helpers/payloads';
import { startSmtpServer } from '../helpers/smtp';
import { asGraphQLDecimals } from '../helpers/decimals';

const FIELDS =
  'id type status number variableSymbol contactId clientName departmentId currency subtotal vatTotal total paidAmount remainingAmount tags issuedAt dueAt publicUrl items { name quantity unit unitPrice vatRate priceIncludesVat base vat total }';

describe('documents: GraphQL', () => {
  let app: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let company: Company;
  let key: string;
  before(async () => {
    smtp = await startSmtpServer();
    app = await startTestApp({ SMTP_URL: smtp.url });
    company = await makeCompany(app);
    key = (await makeApiKey(app, company)).key;
  });
  after(async () => {
    await app.stop();
    await smtp.stop();
  });

  const gql = async (query: string, variables: Record<string, unknown> = {}, token = key) =>
    (await app.graphql(query, variables, token)).body;

  it('creates, updates, transitions, e-mails and deletes through the same services and events', async () => {
    const after = await lastEventSeq(app);
    const created = await gql(
      `mutation($input: CreateDocumentInput!) { createDocument(input: $input) { ${FIELDS} } }`,
      {
        input: {
          type: 'INVOICE',
          clientName: 'GQL s.r.o.',
          issuedAt: '2026-06-01',
          tags: ['gql'],
          items: [{ name: 'Work', quantity: 2, unitPrice: 500, vatRate: 21 }],
        },
      },
    );
    expect(created.errors).to.equal(undefined);
    const doc = created.data.createDocument;
    expect(doc).to.deep.include({
      type: 'INVOICE',
      status: 'DRAFT',
      number: 'FV000001',
      total: '1210.00',
      clientName: 'GQL s.r.o.',
      tags: ['gql'],
    });
    const rest = (await app.get(`/api/v1/documents/${doc.id}`, key)).body;
    expect(asGraphQLDecimals(rest)).to.deep.include(doc);

    const updated = await gql(
      `mutation($id: ID!, $input: UpdateDocumentInput!) { updateDocument(id: $id, input: $input) { ${FIELDS} } }`,
      {
        id: doc.id,
        input: {
          tags: ['gql', 'edited'],
          items: [{ name: 'Work', quantity: 1, unitPrice: 100, vatRate: 12, priceIncludesVat: true }],
        },
      },
    );
    expect(updated.data.updateDocument).to.deep.include({
      total: '100.00',
      subtotal: '89.29',
      vatTotal: '10.71',
      tags: ['gql', 'edited'],
    });

    const issued = await gql(`mutation($id: ID!) { transitionDocument(id: $id, status: ISSUED) { ${FIELDS} } }`, {
      id: doc.id,
    });
    expect(issued.data.transitionDocument.status).to.equal('ISSUED');
    const sent = await gql(
      `mutation($id: ID!) { sendDocumentEmail(id: $id, input: { to: "gql@klient.example" }) { ${FIELDS} } }`,
      { id: doc.id },
    );
    expect(sent.errors).to.equal(undefined);
    expect(sent.data.sendDocumentEmail.status).to.equal('SENT');
    expect(smtp.received[smtp.received.length - 1].to).to.deep.equal(['gql@klient.example']);

    const refused = await gql(`mutation($id: ID!) { transitionDocument(id: $id, status: DRAFT) { id } }`, {
      id: doc.id,
    });
    expect(refused.errors[0].message).to.equal('Transition from SENT to DRAFT is not allowed');
    expect(refused.errors[0].extensions.code).to.equal('TRANSITION_NOT_ALLOWED');
    const notDraft = await gql(`mutation($id: ID!) { deleteDocument(id: $id) }`, { id: doc.id });
    expect(notDraft.errors[0].extensions.code).to.equal('DOCUMENT_NOT_DRAFT');

    const draft = await makeDocument(app, key);
    expect(
      (await gql(`mutation($id: ID!) { deleteDocument(id: $id) }`, { id: draft.id })).data.deleteDocument,
    ).to.equal(true);

    const events = await orgEventEntries(app, company.organizationId, after);
    expect(events.map((e) => e.event)).to.deep.equal([
      'document.created',
      'document.updated',
      'document.status_changed',
      'document.status_changed',
      'document.sent',
      'document.created',
      'document.deleted',
    ]);
    expect(events[0].data).to.deep.equal(documentPayload({ ...doc, contactId: null }));
    expect(events[4].data).to.include({ status: 'SENT', sentTo: 'gql@klient.example', emailType: 'DOCUMENT' });
  });

  it('lists documents as a paginated, filtered connection and reads one', async () => {
    const fresh = await makeCompany(app);
    const freshKey = (await makeApiKey(app, fresh)).key;
    const a = await makeDocument(app, freshKey, { tags: ['a'] });
    const b = await makeDocument(app, freshKey, { type: 'QUOTE', status: 'ISSUED' });
    const c = await makeDocument(app, freshKey, { status: 'ISSUED', issuedAt: '2026-02-01' });
    const page1 = await gql('{ documents(limit: 2) { data { id } nextCursor } }', {}, freshKey);
    expect(page1.data.documents.data.map((d: any) => d.id)).to.deep.equal([a.id, b.id]);
    const page2 = await gql(
      'query($c: String) { documents(limit: 2, cursor: $c) { data { id } nextCursor } }',
      { c: page1.data.documents.nextCursor },
      freshKey,
    );
    expect(page2.data.documents).to.deep.equal({ data: [{ id: c.id }], nextCursor: null });
    const filtered = await gql(
      '{ documents(status: ISSUED, type: INVOICE, from: "2026-01-01", to: "2026-03-01") { data { id } } }',
      {},
      freshKey,
    );
    expect(filtered.data.documents.data).to.deep.equal([{ id: c.id }]);
    expect((await gql('{ documents(tag: "a") { data { id } } }', {}, freshKey)).data.documents.data).to.deep.equal([
      { id: a.id },
    ]);

    const one = await gql(`query($id: ID!) { document(id: $id) { id number } }`, { id: b.id }, freshKey);
    expect(one.data.document).to.deep.equal({ id: b.id, number: 'NA000001' });
    for (const id of [randomUUID(), 'nope', (await makeDocument(app, key)).id]) {
      const missing = await gql(`query($id: ID!) { document(id: $id) { id } }`, { id }, freshKey);
      expect(missing.errors[0].extensions.code).to.equal('NOT_FOUND');
    }
  });

  it('validates input and enforces sections like REST', async () => {
    const bad = await gql(
      `mutation { createDocument(input: { type: INVOICE, items: [{ name: "", quantity: 0, unitPrice: 1, vatRate: 21 }] }) { id } }`,
    );
    expect(bad.errors[0].extensions.code).to.equal('VALIDATION_FAILED');
    expect(bad.errors[0].extensions.details.map((d: any) => d.path)).to.deep.equal([
      'items[0].name',
      'items[0].quantity',
    ]);

    const reader = await makeUser(app, company, { permissions: { documents: 'read' } });
    const forbidden = await gql(
      `mutation { createDocument(input: { type: INVOICE, items: [{ name: "x", quantity: 1, unitPrice: 1, vatRate: 21 }] }) { id } }`,
      {},
      reader.token,
    );
    expect(forbidden.errors[0].extensions.code).to.equal('FORBIDDEN');
    expect(forbidden.errors[0].message).to.equal('This credential lacks the scope documents:write');
    expect((await gql('{ documents { data { id } } }', {}, reader.token)).errors).to.equal(undefined);
  });

  it('reads and changes numbering series', async () => {
    const fresh = await makeCompany(app);
    const read = await gql('{ numberingSeries { documentType prefix padding nextNumber preview } }', {}, fresh.token);
    expect(read.data.numberingSeries[0]).to.deep.equal({
      documentType: 'INVOICE',
      prefix: 'FV',
      padding: 6,
      nextNumber: 1,
      preview: 'FV000001',
    });
    const changed = await gql(
      'mutation { updateNumberingSeries(series: [{ documentType: QUOTE, prefix: "Q26", padding: 3 }]) { documentType preview } }',
      {},
      fresh.token,
    );
    expect(changed.data.updateNumberingSeries[2]).to.deep.equal({ documentType: 'QUOTE', preview: 'Q26001' });
    const invalid = await gql(
      'mutation { updateNumberingSeries(series: [{ documentType: QUOTE, padding: 40 }]) { preview } }',
      {},
      fresh.token,
    );
    expect(invalid.errors[0].extensions.code).to.equal('VALIDATION_FAILED');
  });
});
