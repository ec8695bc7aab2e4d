import { expect } from 'chai';
import { Client } from 'pg';
import { startTestApp, type TestApp } from '../helpers/app';
import { advanceClock } from '../helpers/controls';
import { makeApiKey, makeCompany, makeUser, UNAUTHORIZED_BODY, type Company } from '../helpers/fixtures';
import { ALL, obtainTokens, registerApp } from '../oauth/oauth.helpers';
import { issueOk, makeDevice, posPost, receipt } from './pos.helpers';

/** Issue 12 point 1: devices, their tokens, and who may manage them (SPEC 2.5, 3, 4.4, 5.3). */
describe('POS devices', function () {
  this.timeout(60_000);
  let app: TestApp;
  let company: Company;
  let db: Client;

  before(async () => {
    app = await startTestApp();
    company = await makeCompany(app);
    db = new Client({ connectionString: app.databaseUrl });
    await db.connect();
  });
  after(async () => {
    await db?.end();
    await app?.stop();
  });

  it('creates a device with a pos_ token shown once and stored only as SHA-256', async () => {
    const res = await app.post('/api/v1/pos-devices', { name: 'Pokladna 1', prefix: 'P1' }, company.token);
    expect(res.status, res.text).to.equal(201);
    expect(Object.keys(res.body).sort()).to.deep.equal(['id', 'name', 'prefix', 'token']);
    expect(res.body.token).to.match(/^pos_[0-9a-f]{64}$/);
    const stored = await db.query('SELECT token_hash FROM pos_devices WHERE id = $1', [res.body.id]);
    expect(stored.rows[0].token_hash)
      .to.match(/^[0-9a-f]{64}$/)
      .and.not.include(res.body.token.slice(4));
    const list = await app.get('/api/v1/pos-devices', company.token);
    expect(list.status).to.equal(200);
    const record = list.body.data.find((d: any) => d.id === res.body.id);
    expect(record).to.deep.equal({
      id: res.body.id,
      name: 'Pokladna 1',
      prefix: 'P1',
      createdAt: record.createdAt,
      revokedAt: null,
      lastUsedAt: null,
    });
    expect(JSON.stringify(list.body)).not.to.include(res.body.token);
    expect(list.body).to.have.property('nextCursor');
  });

  it('shows lastUsedAt once the register works, and paginates', async () => {
    const d = await makeDevice(app, company, { name: 'Alive' });
    await issueOk(app, d.token);
    const list = await app.get('/api/v1/pos-devices?limit=200', company.token);
    const record = list.body.data.find((x: any) => x.id === d.id);
    expect(record.lastUsedAt).to.be.a('string');
    const page = await app.get('/api/v1/pos-devices?limit=1', company.token);
    expect(page.body.data).to.have.length(1);
    expect(page.body.nextCursor).to.be.a('string');
  });

  it('renames and re-prefixes; the prefix is never compared with numbers', async () => {
    const d = await makeDevice(app, company);
    const res = await app.patch(`/api/v1/pos-devices/${d.id}`, { name: 'Bar', prefix: 'B9' }, company.token);
    expect(res.status, res.text).to.equal(200);
    expect(res.body).to.include({ name: 'Bar', prefix: 'B9' });
    await issueOk(app, d.token, receipt({ number: `ZZ-${Date.now()}` }));
    const bad = await app.patch(`/api/v1/pos-devices/${d.id}`, { name: '' }, company.token);
    expect(bad.status).to.equal(400);
    expect(
      (await app.patch('/api/v1/pos-devices/00000000-0000-4000-8000-000000000000', { name: 'x' }, company.token))
        .status,
    ).to.equal(404);
  });

  it('rotates the token: the old one is dead at once, the new one works', async () => {
    const d = await makeDevice(app, company);
    await issueOk(app, d.token);
    const res = await app.post(`/api/v1/pos-devices/${d.id}/rotate-token`, {}, company.token);
    expect(res.status, res.text).to.equal(200);
    expect(Object.keys(res.body)).to.deep.equal(['token']);
    expect(res.body.token).to.match(/^pos_[0-9a-f]{64}$/);
    const old = await posPost(app, '/documents', d.token, receipt());
    expect(old.status).to.equal(401);
    expect(old.body).to.deep.equal(UNAUTHORIZED_BODY);
    await issueOk(app, res.body.token);
  });

  it('revokes permanently: 401 with the same body as an unknown token, and no new token', async () => {
    const d = await makeDevice(app, company);
    const res = await app.post(`/api/v1/pos-devices/${d.id}/revoke`, {}, company.token);
    expect(res.status, res.text).to.equal(200);
    expect(res.body.revokedAt).to.be.a('string');
    const revoked = await posPost(app, '/documents', d.token, receipt());
    const unknown = await posPost(app, '/documents', `pos_${'0'.repeat(64)}`, receipt());
    expect([revoked.status, unknown.status]).to.deep.equal([401, 401]);
    expect(revoked.body).to.deep.equal(unknown.body);
    expect(revoked.body).to.deep.equal(UNAUTHORIZED_BODY);
    const rotate = await app.post(`/api/v1/pos-devices/${d.id}/rotate-token`, {}, company.token);
    expect(rotate.status).to.equal(409);
    expect((await posPost(app, '/documents', d.token, receipt())).status).to.equal(401);
  });

  it('a device token outside /api/pos is 401 with the uniform body', async () => {
    const d = await makeDevice(app, company);
    for (const path of ['/api/v1/documents', '/api/v1/organization', '/api/v1/pos-devices']) {
      const res = await app.get(path, d.token);
      expect(res.status, path).to.equal(401);
      expect(res.body).to.deep.equal(UNAUTHORIZED_BODY);
    }
    const gql = await app.graphql('{ posDevices { data { id } } }', {}, d.token);
    expect(gql.status === 401 || gql.body.errors?.[0]?.extensions?.code === 'UNAUTHORIZED').to.equal(true);
  });

  it('sessions, API keys and OAuth tokens are 401 on /api/pos', async () => {
    const key = await makeApiKey(app, company);
    const client = await registerApp(app, company, { scopes: ALL });
    const oauth = await obtainTokens(app, company, client, { scope: ALL.join(' ') });
    for (const token of [company.token, key.key, oauth.access_token]) {
      const res = await posPost(app, '/documents', token, receipt());
      expect(res.status).to.equal(401);
      expect(res.body).to.deep.equal(UNAUTHORIZED_BODY);
    }
  });

  it('only OWNER, or ADMIN with company_settings write, manages devices; keys and OAuth tokens are refused', async () => {
    const key = await makeApiKey(app, company);
    expect((await app.get('/api/v1/pos-devices', key.key)).status).to.equal(403);
    expect((await app.post('/api/v1/pos-devices', { name: 'x' }, key.key)).status).to.equal(403);
    const client = await registerApp(app, company, { scopes: ALL });
    const oauth = await obtainTokens(app, company, client, { scope: ALL.join(' ') });
    expect((await app.get('/api/v1/pos-devices', oauth.access_token)).status).to.equal(403);
    const admin = await makeUser(app, company, { role: 'ADMIN' });
    expect((await app.post('/api/v1/pos-devices', { name: 'Admin made' }, admin.token)).status).to.equal(201);
    const readOnlyAdmin = await makeUser(app, company, { role: 'ADMIN', permissions: { company_settings: 'read' } });
    expect((await app.get('/api/v1/pos-devices', readOnlyAdmin.token)).status).to.equal(403);
    const member = await makeUser(app, company, { role: 'MEMBER', permissions: { company_settings: 'write' } });
    expect((await app.get('/api/v1/pos-devices', member.token)).status).to.equal(403);
    const other = await makeCompany(app);
    const d = await makeDevice(app, company);
    expect((await app.post(`/api/v1/pos-devices/${d.id}/revoke`, {}, other.token)).status).to.equal(404);
  });

  it('does not meter device requests', async () => {
    const d = await makeDevice(app, company);
    const res = await posPost(app, '/documents', d.token, receipt());
    expect(res.status).to.equal(201);
    expect(res.headers.get('x-ratelimit-limit')).to.equal(null);
    expect(res.headers.get('x-ratelimit-used')).to.equal(null);
  });

  it('offers the same operations in GraphQL', async () => {
    const created = await app.graphql(
      'mutation { createPosDevice(name: "GQL", prefix: "G1") { id name prefix token } }',
      {},
      company.token,
    );
    expect(created.body.errors, JSON.stringify(created.body.errors)).to.equal(undefined);
    const { id, token } = created.body.data.createPosDevice;
    expect(token).to.match(/^pos_[0-9a-f]{64}$/);
    const renamed = await app.graphql(
      'mutation($id: ID!) { updatePosDevice(id: $id, name: "GQL 2") { name prefix revokedAt } }',
      { id },
      company.token,
    );
    expect(renamed.body.data.updatePosDevice).to.deep.equal({ name: 'GQL 2', prefix: 'G1', revokedAt: null });
    const rotated = await app.graphql(
      'mutation($id: ID!) { rotatePosDeviceToken(id: $id) { token } }',
      { id },
      company.token,
    );
    expect(rotated.body.data.rotatePosDeviceToken.token).to.match(/^pos_/).and.not.equal(token);
    expect((await posPost(app, '/documents', token, receipt())).status).to.equal(401);
    const list = await app.graphql(
      '{ posDevices(limit: 200) { data { id name lastUsedAt } nextCursor } }',
      {},
      company.token,
    );
    expect(list.body.data.posDevices.data.map((d: any) => d.id)).to.include(id);
    const revoked = await app.graphql(
      'mutation($id: ID!) { revokePosDevice(id: $id) { revokedAt } }',
      { id },
      company.token,
    );
    expect(revoked.body.data.revokePosDevice.revokedAt).to.be.a('string');
    const key = await makeApiKey(app, company);
    const refused = await app.graphql('{ posDevices { data { id } } }', {}, key.key);
    expect(refused.body.errors[0].extensions.code).to.equal('FORBIDDEN');
  });

  it('keeps lastUsedAt to the minute by the Clock', async () => {
    const d = await makeDevice(app, company);
    await issueOk(app, d.token);
    const first = (await db.query('SELECT last_used_at FROM pos_devices WHERE id = $1', [d.id])).rows[0]
      .last_used_at as Date;
    await advanceClock(app, 120);
    await issueOk(app, d.token);
    const second = (await db.query('SELECT last_used_at FROM pos_devices WHERE id = $1', [d.id])).rows[0]
      .last_used_at as Date;
    expect(second.getTime() - first.getTime()).to.be.at.least(120_000);
  });
});
