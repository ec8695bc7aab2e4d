import { expect } from 'chai';
import { startTestApp, type TestApp } from '../helpers/app';
import { type Company, makeApiKey, makeCompany, makeContact } from '../helpers/fixtures';
import { lastEventSeq, orgEvents } from '../helpers/outbox';

/** SPEC 6.3: exactly these fields. */
function payload(c: any) {
  return {
    id: c.id,
    name: c.name,
    email: c.email,
    phone: c.phone,
    type: c.type,
    taxId: c.taxId,
    vatId: c.vatId,
    archived: c.archived,
  };
}

describe('contacts: catalog events', () => {
  let app: TestApp;
  let company: Company;
  let key: string;
  before(async () => {
    app = await startTestApp();
    company = await makeCompany(app);
    key = (await makeApiKey(app, company)).key;
  });
  after(() => app.stop());

  it('POST records contact.created with the SPEC 6.3 payload', async () => {
    const seq = await lastEventSeq(app);
    const contact = await makeContact(app, key, {
      name: 'Klient',
      email: 'k@example.cz',
      taxId: '27074358',
      vatId: 'CZ27074358',
      city: 'Praha',
    });
    expect(await orgEvents(app, company.organizationId, seq)).to.deep.equal([
      [
        'contact.created',
        {
          id: contact.id,
          name: 'Klient',
          email: 'k@example.cz',
          phone: null,
          type: 'CLIENT',
          taxId: '27074358',
          vatId: 'CZ27074358',
          archived: false,
        },
      ],
    ]);
  });

  it('PATCH records contact.updated with the new state, and nothing when nothing changed', async () => {
    const contact = await makeContact(app, key);
    const seq = await lastEventSeq(app);
    const changed = await app.patch(
      `/api/v1/contacts/${contact.id}`,
      { phone: '+420 600 000 000', city: 'Ostrava' },
      key,
    );
    await app.patch(`/api/v1/contacts/${contact.id}`, { phone: '+420 600 000 000', name: contact.name }, key);
    await app.patch(`/api/v1/contacts/${contact.id}`, {}, key);
    expect(await orgEvents(app, company.organizationId, seq)).to.deep.equal([
      ['contact.updated', payload(changed.body)],
    ]);
    expect(payload(changed.body).phone).to.equal('+420 600 000 000');
  });

  it('archiving records contact.archived (archived true) and not contact.updated; restoring records nothing', async () => {
    const contact = await makeContact(app, key);
    const seq = await lastEventSeq(app);
    const archived = await app.patch(`/api/v1/contacts/${contact.id}`, { archived: true }, key);
    await app.patch(`/api/v1/contacts/${contact.id}`, { archived: true }, key);
    await app.patch(`/api/v1/contacts/${contact.id}`, { archived: false }, key);
    expect(await orgEvents(app, company.organizationId, seq)).to.deep.equal([
      ['contact.archived', { ...payload(contact), archived: true }],
    ]);
    expect(archived.body.archived).to.equal(true);
  });

  it('a PATCH that archives and changes fields records contact.updated then contact.archived', async () => {
    const contact = await makeContact(app, key);
    const seq = await lastEventSeq(app);
    const res = await app.patch(`/api/v1/contacts/${contact.id}`, { name: 'Poslední jméno', archived: true }, key);
    const final = payload(res.body);
    expect(final).to.include({ name: 'Poslední jméno', archived: true });
    expect(await orgEvents(app, company.organizationId, seq)).to.deep.equal([
      ['contact.updated', final],
      ['contact.archived', final],
    ]);
  });

  it('records nothing for refused requests', async () => {
    const contact = await makeContact(app, key);
    const seq = await lastEventSeq(app);
    await app.post('/api/v1/contacts', { name: 7 }, key);
    await app.patch(`/api/v1/contacts/${contact.id}`, { name: '', archived: true }, key);
    expect(await orgEvents(app, company.organizationId, seq)).to.deep.equal([]);
  });

  it('records contact.archived once when the same contact is archived by 20 requests at once', async () => {
    const contact = await makeContact(app, key);
    const url = `/api/v1/contacts/${contact.id}`;
    // Open the connections first so the PATCHes really overlap on the server.
    await Promise.all(Array.from({ length: 20 }, () => app.get(url, company.token)));
    const seq = await lastEventSeq(app);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => app.patch(url, { archived: true }, company.token)),
    );
    expect(results.map((r) => r.status)).to.deep.equal(Array(20).fill(200));
    const events = await orgEvents(app, company.organizationId, seq);
    expect(events.map(([name]) => name)).to.deep.equal(['contact.archived']);
  });
});
