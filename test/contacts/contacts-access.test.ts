import { expect } from 'chai';
import { startTestApp, type TestApp } from '../helpers/app';
import { type Company, makeApiKey, makeCompany, makeContact, makeUser, UNAUTHORIZED_BODY } from '../helpers/fixtures';

const forbidden = (scope: string) => ({
  error: 'Forbidden',
  message: `This credential lacks the scope ${scope}`,
  code: 'FORBIDDEN',
  details: { requiredScope: scope },
});

describe('contacts: section contacts', () => {
  let app: TestApp;
  let company: Company;
  let contactId: string;
  before(async () => {
    app = await startTestApp();
    company = await makeCompany(app);
    contactId = (await makeContact(app, company.token)).id;
  });
  after(() => app.stop());

  it('refuses a MEMBER without the contacts section on every route', async () => {
    const member = await makeUser(app, company, { role: 'MEMBER', permissions: { documents: 'write' } });
    const calls = [
      [await app.get('/api/v1/contacts', member.token), 'contacts:read'],
      [await app.get(`/api/v1/contacts/${contactId}`, member.token), 'contacts:read'],
      [await app.post('/api/v1/contacts', { name: 'X' }, member.token), 'contacts:write'],
      [await app.patch(`/api/v1/contacts/${contactId}`, { archived: true }, member.token), 'contacts:write'],
    ] as const;
    for (const [res, scope] of calls) {
      expect(res.status).to.equal(403);
      expect(res.body).to.deep.equal(forbidden(scope));
    }
    expect((await app.get(`/api/v1/contacts/${contactId}`, company.token)).body.archived).to.equal(false);
  });

  it('lets a MEMBER with contacts read list and read, but not write', async () => {
    const reader = await makeUser(app, company, { role: 'MEMBER', permissions: { contacts: 'read' } });
    expect((await app.get('/api/v1/contacts', reader.token)).status).to.equal(200);
    expect((await app.get(`/api/v1/contacts/${contactId}`, reader.token)).status).to.equal(200);
    const write = await app.post('/api/v1/contacts', { name: 'X' }, reader.token);
    expect(write.status).to.equal(403);
    expect(write.body).to.deep.equal(forbidden('contacts:write'));
    const writer = await makeUser(app, company, { role: 'MEMBER', permissions: { contacts: 'write' } });
    expect((await app.post('/api/v1/contacts', { name: 'X' }, writer.token)).status).to.equal(201);
  });

  it('answers 401 without a credential and serves API keys', async () => {
    const none = await app.get('/api/v1/contacts');
    expect(none.status).to.equal(401);
    expect(none.body).to.deep.equal(UNAUTHORIZED_BODY);
    const key = await makeApiKey(app, company);
    expect((await app.get(`/api/v1/contacts/${contactId}`, key.key)).status).to.equal(200);
  });
});
