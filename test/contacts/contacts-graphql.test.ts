import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { startTestApp, type TestApp } from '../helpers/app';
import { type Company, makeCompany, makeContact, makeUser } from '../helpers/fixtures';
import { lastEventSeq, orgEvents } from '../helpers/outbox';

const FIELDS = 'id name email phone type taxId vatId street city zip country language archived createdAt updatedAt';

describe('contacts: GraphQL over the same service', () => {
  let app: TestApp;
  let company: Company;
  before(async () => {
    app = await startTestApp();
    company = await makeCompany(app);
  });
  after(() => app.stop());

  it('creates a contact that REST returns identically, recording contact.created', async () => {
    const seq = await lastEventSeq(app);
    const res = await app.graphql(
      `mutation($input: CreateContactInput!) { createContact(input: $input) { ${FIELDS} } }`,
      { input: { name: 'GraphQL s.r.o.', type: 'SUPPLIER', email: 'GQL@example.cz', vatId: 'cz 1234' } },
      company.token,
    );
    expect(res.body.errors).to.equal(undefined);
    const created = res.body.data.createContact;
    expect((await app.get(`/api/v1/contacts/${created.id}`, company.token)).body).to.deep.equal(created);
    expect(created).to.include({ email: 'gql@example.cz', vatId: 'CZ1234', type: 'SUPPLIER' });
    const one = await app.graphql(
      `query($id: ID!) { contact(id: $id) { ${FIELDS} } }`,
      { id: created.id },
      company.token,
    );
    expect(one.body.data.contact).to.deep.equal(created);
    expect((await orgEvents(app, company.organizationId, seq)).map(([e]) => e)).to.deep.equal(['contact.created']);
  });

  it('lists with the same filters and pages as REST', async () => {
    const other = await makeCompany(app);
    for (const name of ['Ab 1', 'Ab 2', 'Ab 3']) await makeContact(app, other.token, { name });
    const archived = await makeContact(app, other.token, { name: 'Ab archiv' });
    await app.patch(`/api/v1/contacts/${archived.id}`, { archived: true }, other.token);
    const query =
      'query($cursor: String) { contacts(limit: 2, cursor: $cursor, archived: false, search: "ab") { data { id name } nextCursor } }';
    const first = await app.graphql(query, {}, other.token);
    const second = await app.graphql(query, { cursor: first.body.data.contacts.nextCursor }, other.token);
    expect(first.body.data.contacts.data.map((c: { name: string }) => c.name)).to.deep.equal(['Ab 1', 'Ab 2']);
    expect(second.body.data.contacts).to.deep.equal({
      data: [{ id: second.body.data.contacts.data[0].id, name: 'Ab 3' }],
      nextCursor: null,
    });
    const rest = await app.get('/api/v1/contacts?limit=2&archived=false&search=ab', other.token);
    expect(rest.body.data).to.deep.equal(
      (
        await app.graphql(
          `{ contacts(limit: 2, archived: false, search: "ab") { data { ${FIELDS} } } }`,
          {},
          other.token,
        )
      ).body.data.contacts.data,
    );
  });

  it('archives through updateContact with the same events as PATCH', async () => {
    const contact = await makeContact(app, company.token, { name: 'K archivaci' });
    const seq = await lastEventSeq(app);
    const res = await app.graphql(
      'mutation($id: ID!) { updateContact(id: $id, input: { archived: true, phone: "123" }) { archived phone } }',
      { id: contact.id },
      company.token,
    );
    expect(res.body.data.updateContact).to.deep.equal({ archived: true, phone: '123' });
    expect((await orgEvents(app, company.organizationId, seq)).map(([e]) => e)).to.deep.equal([
      'contact.updated',
      'contact.archived',
    ]);
  });

  it('reports NOT_FOUND, VALIDATION_FAILED and FORBIDDEN in extensions.code', async () => {
    const other = await makeCompany(app);
    const foreign = await makeContact(app, other.token);
    for (const id of [randomUUID(), 'nope', foreign.id]) {
      const res = await app.graphql('query($id: ID!) { contact(id: $id) { id } }', { id }, company.token);
      expect(res.body.errors[0].extensions.code, id).to.equal('NOT_FOUND');
    }
    const invalid = await app.graphql(
      'mutation { createContact(input: { name: "", email: "x" }) { id } }',
      {},
      company.token,
    );
    expect(invalid.body.errors[0].extensions.code).to.equal('VALIDATION_FAILED');
    const member = await makeUser(app, company, { permissions: { documents: 'write' } });
    const forbidden = await app.graphql('{ contacts { data { id } } }', {}, member.token);
    expect(forbidden.body.errors[0]).to.deep.include({ message: 'This credential lacks the scope contacts:read' });
    expect(forbidden.body.errors[0].extensions.code).to.equal('FORBIDDEN');
    const write = await app.graphql(
      'mutation { createContact(input: { name: "X" }) { id } }',
      {},
      (await makeUser(app, company, { permissions: { contacts: 'read' } })).token,
    );
    expect(write.body.errors[0].message).to.equal('This credential lacks the scope contacts:write');
  });
});
