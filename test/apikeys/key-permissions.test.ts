import { expect } from 'chai';
import { Client } from 'pg';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeCompany, makeDocument, makeUser, type Company } from '../helpers/fixtures';

const ALL_WRITE = {
  documents: 'write',
  costs: 'write',
  contacts: 'write',
  reports: 'write',
  company_settings: 'write',
  payments: 'write',
  automations: 'write',
};
const NONE = Object.fromEntries(Object.keys(ALL_WRITE).map((s) => [s, 'none']));

/** Issue 23 point 4: a key has the sections chosen at creation, never more than its creator holds. */
describe('API keys: sections chosen at creation', () => {
  let app: TestApp;
  let company: Company;
  let sales: string;
  let support: string;
  before(async () => {
    app = await startTestApp();
    company = await makeCompany(app);
    sales = (await app.post('/api/v1/departments', { name: 'Sales' }, company.token)).body.id;
    support = (await app.post('/api/v1/departments', { name: 'Support' }, company.token)).body.id;
  });
  after(() => app.stop());

  const createKey = async (token: string, body: Record<string, unknown>) => {
    const res = await app.post('/api/v1/api-keys', { name: 'k', ...body }, token);
    expect(res.status, res.text).to.equal(201);
    return res.body as { id: string; key: string; permissions: Record<string, string>; departmentIds: unknown };
  };

  it('a key limited to contacts:read reads contacts and nothing else (403 naming the scope), metered as before', async () => {
    const k = await createKey(company.token, { permissions: { contacts: 'read' } });
    expect(k.permissions).to.deep.equal({ ...NONE, contacts: 'read' });
    const listed = (await app.get('/api/v1/api-keys', company.token)).body.data.find((x: any) => x.id === k.id);
    expect(listed.permissions).to.deep.equal({ ...NONE, contacts: 'read' });
    const read = await app.get('/api/v1/contacts', k.key);
    expect(read.status, read.text).to.equal(200);
    expect(read.headers.get('x-ratelimit-used')).to.equal('1');
    const write = await app.post('/api/v1/contacts', { name: 'Novák' }, k.key);
    expect(write.status).to.equal(403);
    expect(write.body.message).to.contain('contacts:write');
    const docs = await app.get('/api/v1/documents', k.key);
    expect(docs.status).to.equal(403);
    expect(docs.body.message).to.contain('documents:read');
    const gql = await app.graphql('{ documents { data { id } } }', {}, k.key);
    expect(gql.body.errors[0].extensions.code).to.equal('FORBIDDEN');
  });

  it("an OWNER's key without permissions reaches everything; a key from before the migration too", async () => {
    const k = await createKey(company.token, {});
    expect(k.permissions).to.deep.equal(ALL_WRITE);
    expect(k.departmentIds).to.equal(null);
    expect((await app.post('/api/v1/contacts', { name: 'Novák' }, k.key)).status).to.equal(201);
    const old = await createKey(company.token, { permissions: { contacts: 'read' } });
    const db = new Client({ connectionString: app.databaseUrl });
    await db.connect();
    try {
      await db.query('UPDATE api_keys SET permissions = NULL WHERE id = $1', [old.id]);
    } finally {
      await db.end();
    }
    expect((await app.post('/api/v1/contacts', { name: 'Nováková' }, old.key)).status).to.equal(201);
    const listed = (await app.get('/api/v1/api-keys', company.token)).body.data.find((x: any) => x.id === old.id);
    expect(listed.permissions).to.deep.equal(ALL_WRITE);
  });

  it("a restricted ADMIN's key: its creator's sections and departments by default, never more (403 naming the scope)", async () => {
    const mine = await makeDocument(app, company.token, { departmentId: sales });
    await makeDocument(app, company.token, { departmentId: support });
    const admin = await makeUser(app, company, {
      role: 'ADMIN',
      permissions: { documents: 'read', costs: 'none' },
      departmentIds: [sales],
    });
    const refused = await app.post('/api/v1/api-keys', { name: 'k', permissions: { documents: 'write' } }, admin.token);
    expect(refused.status).to.equal(403);
    expect(refused.body.code).to.equal('FORBIDDEN');
    expect(refused.body.message).to.equal('You cannot grant documents:write: you hold documents:read');
    const costs = await app.post('/api/v1/api-keys', { name: 'k', permissions: { costs: 'read' } }, admin.token);
    expect(costs.status).to.equal(403);
    expect(costs.body.message).to.contain('costs:read');

    const k = await createKey(admin.token, {});
    expect(k.permissions).to.deep.equal({ ...ALL_WRITE, documents: 'read', costs: 'none' });
    expect(k.departmentIds).to.deep.equal([sales]);
    expect((await app.get('/api/v1/costs', k.key)).status).to.equal(403);
    expect((await app.post('/api/v1/documents', { type: 'INVOICE', items: [] }, k.key)).status).to.equal(403);
    const docs = await app.get('/api/v1/documents?limit=200', k.key);
    expect(docs.status, docs.text).to.equal(200);
    expect(docs.body.data.map((d: any) => d.id)).to.deep.equal([mine.id]);
  });

  it('GraphQL: createApiKey takes permissions and apiKeys shows them', async () => {
    const created = await app.graphql(
      'mutation { createApiKey(name: "g", permissions: { payments: read }) { id key permissions { payments documents } departmentIds } }',
      {},
      company.token,
    );
    expect(created.body.errors, JSON.stringify(created.body.errors)).to.equal(undefined);
    expect(created.body.data.createApiKey.permissions).to.deep.equal({ payments: 'read', documents: 'none' });
    const listed = await app.graphql(
      '{ apiKeys(limit: 200) { data { id permissions { payments } } } }',
      {},
      company.token,
    );
    const row = listed.body.data.apiKeys.data.find((k: any) => k.id === created.body.data.createApiKey.id);
    expect(row.permissions.payments).to.equal('read');
    const admin = await makeUser(app, company, { role: 'ADMIN', permissions: { payments: 'none' } });
    const refused = await app.graphql(
      'mutation { createApiKey(name: "g", permissions: { payments: read }) { id } }',
      {},
      admin.token,
    );
    expect(refused.body.errors[0].extensions.code).to.equal('FORBIDDEN');
    expect(refused.body.errors[0].message).to.contain('payments:read');
  });
});
