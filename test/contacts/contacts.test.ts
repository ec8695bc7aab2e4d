import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { startTestApp, type TestApp } from '../helpers/app';
import { type Company, makeApiKey, makeCompany, makeContact } from '../helpers/fixtures';

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('contacts: REST', () => {
  let app: TestApp;
  let company: Company;
  let key: string;
  before(async () => {
    app = await startTestApp();
    company = await makeCompany(app);
    key = (await makeApiKey(app, company)).key;
  });
  after(() => app.stop());

  it('creates a contact with every field and returns the record', async () => {
    const input = {
      name: '  Novák s.r.o. ',
      email: 'Fakturace@Novak.CZ',
      phone: '+420 777 123 456',
      type: 'SUPPLIER',
      taxId: '12345678',
      vatId: 'cz 12345678',
      street: 'Dlouhá 1',
      city: 'Praha',
      zip: '110 00',
      country: 'CZ',
      language: 'de',
      unknownField: 'ignored',
    };
    const res = await app.post('/api/v1/contacts', input, key);
    expect(res.status, res.text).to.equal(201);
    expect(res.body.createdAt).to.match(ISO_UTC);
    expect(res.body).to.deep.equal({
      id: res.body.id,
      name: 'Novák s.r.o.',
      email: 'fakturace@novak.cz',
      phone: '+420 777 123 456',
      type: 'SUPPLIER',
      taxId: '12345678',
      vatId: 'CZ12345678',
      street: 'Dlouhá 1',
      city: 'Praha',
      zip: '110 00',
      country: 'CZ',
      language: 'de',
      archived: false,
      createdAt: res.body.createdAt,
      updatedAt: res.body.createdAt,
    });
    const fetched = await app.get(`/api/v1/contacts/${res.body.id}`, key);
    expect(fetched.status).to.equal(200);
    expect(fetched.body).to.deep.equal(res.body);
  });

  it('fills defaults for a contact with only a name', async () => {
    const contact = await makeContact(app, key, { name: 'Jan Novák', email: '' });
    expect(contact).to.deep.include({
      name: 'Jan Novák',
      type: 'CLIENT',
      email: null,
      phone: null,
      taxId: null,
      vatId: null,
      archived: false,
    });
  });

  it('refuses wrong input with 400 VALIDATION_FAILED naming the fields', async () => {
    const cases: [unknown, string[]][] = [
      [{}, ['name']],
      [{ name: '' }, ['name']],
      [{ name: 42 }, ['name']],
      [{ name: 'A', type: 'FRIEND' }, ['type']],
      [{ name: 'A', email: 'not-an-email' }, ['email']],
      [{ name: 'A', phone: 777 }, ['phone']],
      [{ name: 'A', taxId: 'x'.repeat(33) }, ['taxId']],
      [[1, 2], ['(body)']],
    ];
    for (const [body, paths] of cases) {
      const res = await app.post('/api/v1/contacts', body, key);
      expect(res.status, JSON.stringify(body)).to.equal(400);
      expect(res.body).to.include({ error: 'Bad Request', code: 'VALIDATION_FAILED' });
      expect(
        res.body.details.map((d: { path: string }) => d.path),
        JSON.stringify(body),
      ).to.deep.equal(paths);
    }
    const raw = await app.request('POST', '/api/v1/contacts', {
      raw: '{"name":',
      token: key,
      headers: { 'content-type': 'application/json' },
    });
    expect(raw.status).to.equal(400);
    expect(raw.body.code).to.equal('INVALID_JSON');
  });

  it('answers 404 for unknown ids, ids that are not UUIDs and contacts of another organization', async () => {
    const other = await makeCompany(app);
    const foreign = await makeContact(app, other.token, { name: 'Cizí' });
    for (const id of [randomUUID(), 'not-a-uuid', foreign.id]) {
      const get = await app.get(`/api/v1/contacts/${id}`, key);
      expect(get.status, id).to.equal(404);
      expect(get.body).to.deep.equal({ error: 'Not Found', message: 'Contact not found', code: 'NOT_FOUND' });
      const patch = await app.patch(`/api/v1/contacts/${id}`, { name: 'Převzato' }, key);
      expect(patch.status, id).to.equal(404);
    }
    const untouched = await app.get(`/api/v1/contacts/${foreign.id}`, other.token);
    expect(untouched.body.name).to.equal('Cizí');
  });

  it('changes only the fields sent; null clears an optional field', async () => {
    const contact = await makeContact(app, key, { name: 'Před', email: 'a@b.cz', city: 'Brno' });
    const res = await app.patch(`/api/v1/contacts/${contact.id}`, { name: 'Po', email: null, type: 'SUPPLIER' }, key);
    expect(res.status, res.text).to.equal(200);
    expect(res.body).to.deep.include({
      id: contact.id,
      name: 'Po',
      email: null,
      city: 'Brno',
      type: 'SUPPLIER',
      archived: false,
    });
    expect(res.body.createdAt).to.equal(contact.createdAt);
    expect(new Date(res.body.updatedAt).getTime()).to.be.at.least(new Date(contact.updatedAt).getTime());
  });

  it('refuses a PATCH with wrong types', async () => {
    const contact = await makeContact(app, key);
    for (const body of [{ name: null }, { name: '' }, { archived: 'yes' }, { type: 'OTHER' }, { email: 'x' }]) {
      const res = await app.patch(`/api/v1/contacts/${contact.id}`, body, key);
      expect(res.status, JSON.stringify(body)).to.equal(400);
      expect(res.body.code).to.equal('VALIDATION_FAILED');
    }
    const unchanged = await app.get(`/api/v1/contacts/${contact.id}`, key);
    expect(unchanged.body).to.deep.equal(contact);
  });

  it('archives and restores by PATCH and never deletes', async () => {
    const contact = await makeContact(app, key);
    const archived = await app.patch(`/api/v1/contacts/${contact.id}`, { archived: true }, key);
    expect(archived.body.archived).to.equal(true);
    expect((await app.get(`/api/v1/contacts/${contact.id}`, key)).body.archived).to.equal(true);
    const restored = await app.patch(`/api/v1/contacts/${contact.id}`, { archived: false }, key);
    expect(restored.body.archived).to.equal(false);
    const del = await app.del(`/api/v1/contacts/${contact.id}`, key);
    expect(del.status).to.equal(404);
    expect(del.body.code).to.equal('NOT_FOUND');
  });
});
