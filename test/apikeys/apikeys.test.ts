import { createHash } from 'node:crypto';
import { expect } from 'chai';
import { Client } from 'pg';
import { startTestApp, type TestApp } from '../helpers/app';
import { type Company, makeApiKey, makeCompany, makeUser, UNAUTHORIZED_BODY } from '../helpers/fixtures';

describe('API keys', () => {
  let app: TestApp;
  let company: Company;
  before(async () => {
    app = await startTestApp();
    company = await makeCompany(app);
  });
  after(() => app.stop());

  it('shows the key once (fk_ + 64 hex) and lists only a redacted copy', async () => {
    const created = await app.post('/api/v1/api-keys', { name: 'Shoptet' }, company.token);
    expect(created.status).to.equal(201);
    expect(created.body.key).to.match(/^fk_[0-9a-f]{64}$/);
    expect(created.body.name).to.equal('Shoptet');
    const list = await app.get('/api/v1/api-keys', company.token);
    expect(list.status).to.equal(200);
    const listed = list.body.data.find((k: { id: string }) => k.id === created.body.id);
    expect(listed).to.deep.equal({
      id: created.body.id,
      name: 'Shoptet',
      redacted: `${created.body.key.slice(0, 7)}…${created.body.key.slice(-4)}`,
      permissions: {
        documents: 'write',
        costs: 'write',
        contacts: 'write',
        reports: 'write',
        company_settings: 'write',
        payments: 'write',
        automations: 'write',
      },
      departmentIds: null,
      createdAt: listed.createdAt,
    });
    expect(list.text).not.to.include(created.body.key);
  });

  it('stores only the SHA-256 of the key', async () => {
    const { id, key } = await makeApiKey(app, company);
    const db = new Client({ connectionString: app.databaseUrl });
    await db.connect();
    try {
      const { rows } = await db.query('SELECT * FROM api_keys WHERE id = $1', [id]);
      expect(rows[0].key_hash).to.equal(createHash('sha256').update(key).digest('hex'));
      expect(JSON.stringify(rows[0])).not.to.include(key);
    } finally {
      await db.end();
    }
  });

  it('reaches the company’s data and answers 401 at once after deletion', async () => {
    const { id, key } = await makeApiKey(app, company);
    expect((await app.get('/api/v1/organization', key)).status).to.equal(200);
    const deleted = await app.del(`/api/v1/api-keys/${id}`, company.token);
    expect(deleted.status).to.equal(204);
    const after = await app.get('/api/v1/organization', key);
    expect(after.status).to.equal(401);
    expect(after.body).to.deep.equal(UNAUTHORIZED_BODY);
    expect((await app.del(`/api/v1/api-keys/${id}`, company.token)).status).to.equal(404);
  });

  it('cannot be managed by a MEMBER, by an API key, or across organizations', async () => {
    const member = await makeUser(app, company, { permissions: { company_settings: 'write' } });
    expect((await app.post('/api/v1/api-keys', { name: 'x' }, member.token)).status).to.equal(403);
    const { id, key } = await makeApiKey(app, company);
    const byKey = await app.post('/api/v1/api-keys', { name: 'x' }, key);
    expect(byKey.status).to.equal(403);
    expect(byKey.body.message).to.equal('This operation needs a logged-in session');
    const other = await makeCompany(app);
    expect((await app.del(`/api/v1/api-keys/${id}`, other.token)).status).to.equal(404);
    expect((await app.get('/api/v1/organization', key)).status).to.equal(200);
    const otherList = await app.get('/api/v1/api-keys', other.token);
    expect(otherList.body.data).to.deep.equal([]);
  });

  it('rejects a key name of the wrong type', async () => {
    const res = await app.post('/api/v1/api-keys', { name: ['x'] }, company.token);
    expect(res.status).to.equal(400);
    expect(res.body.details[0].path).to.equal('name');
  });

  it('sends an API key with another organization id in X-Organization-Id → 401', async () => {
    const { key } = await makeApiKey(app, company);
    const other = await makeCompany(app);
    const res = await app.request('GET', '/api/v1/organization', {
      token: key,
      headers: { 'x-organization-id': other.organizationId },
    });
    expect(res.status).to.equal(401);
  });
});
