import { expect } from 'chai';
import { Client } from 'pg';
import { startTestApp, type TestApp } from '../helpers/app';
import { setClock, setPlan } from '../helpers/controls';
import { makeApiKey, makeCompany, makeUser } from '../helpers/fixtures';
import { inParallelBatches, rateLimitOf, unix } from './quota.helpers';

const RESET_AT = unix('2031-11-01T00:00:00.000Z');
const USAGE = '{ quotaUsage { data { credentialType credentialId name used limit remaining resetAt } nextCursor } }';

describe('quota: reading the usage (GET /api/v1/quota, GraphQL quotaUsage)', () => {
  let app: TestApp;
  let db: Client;
  before(async () => {
    app = await startTestApp();
    await setClock(app, '2031-10-20T10:00:00.000Z');
    db = new Client({ connectionString: app.databaseUrl });
    await db.connect();
  });
  after(async () => {
    await db.end();
    await app.stop();
  });

  it("GET /api/v1/quota reports the calling key's own counter, this request included", async () => {
    const company = await makeCompany(app);
    const first = await makeApiKey(app, company, 'first');
    const second = await makeApiKey(app, company, 'second');
    await app.get('/api/v1/organization', first.key);
    await app.get('/api/v1/organization', first.key);
    const own = await app.get('/api/v1/quota', first.key);
    expect(own.status).to.equal(200);
    expect(own.body).to.deep.equal({ plan: 'FREE', limit: 1000, used: 3, remaining: 997, resetAt: RESET_AT });
    expect(rateLimitOf(own)).to.deep.equal({ limit: '1000', remaining: '997', used: '3', reset: String(RESET_AT) });
    expect((await app.get('/api/v1/quota', second.key)).body).to.deep.equal({
      plan: 'FREE',
      limit: 1000,
      used: 1,
      remaining: 999,
      resetAt: RESET_AT,
    });
  });

  it('GraphQL quota answers the same counter for the calling credential (null = unlimited)', async () => {
    const company = await makeCompany(app);
    const key = await makeApiKey(app, company);
    await app.get('/api/v1/organization', key.key);
    const res = await app.graphql('{ quota { plan limit used remaining resetAt } }', {}, key.key);
    expect(res.body.data.quota).to.deep.equal({
      plan: 'FREE',
      limit: 1000,
      used: 2,
      remaining: 998,
      resetAt: RESET_AT,
    });
    expect((await app.get('/api/v1/quota', key.key)).body).to.include({ used: 3, remaining: 997 });
    await setPlan(app, company.organizationId, 'AI');
    const unlimited = await app.graphql('{ quota { plan limit used remaining } }', {}, key.key);
    expect(unlimited.body.data.quota).to.deep.equal({ plan: 'AI', limit: null, used: 4, remaining: null });
    const bySession = await app.graphql('{ quota { used } }', {}, company.token);
    expect(bySession.body.errors[0].extensions.code).to.equal('FORBIDDEN');
  });

  it('GET /api/v1/quota is 403 for a session: quotas belong to API keys and OAuth applications', async () => {
    const company = await makeCompany(app);
    const res = await app.get('/api/v1/quota', company.token);
    expect(res.status).to.equal(403);
    expect(res.body).to.deep.equal({
      error: 'Forbidden',
      message: 'This operation needs an API key or an OAuth access token',
      code: 'FORBIDDEN',
    });
  });

  it('counts an unlimited plan exactly under concurrency, and carries the count into a limited plan', async () => {
    const company = await makeCompany(app);
    const key = await makeApiKey(app, company);
    await setPlan(app, company.organizationId, 'AI');
    const answers = await inParallelBatches(200, 50, () => app.get('/api/v1/organization', key.key));
    expect(answers.every((a) => a.status === 200 && a.headers.get('x-ratelimit-limit') === 'unlimited')).to.equal(true);
    const used = answers.map((a) => Number(a.headers.get('x-ratelimit-used'))).sort((a, b) => a - b);
    expect(used).to.deep.equal(Array.from({ length: 200 }, (_, i) => i + 1));
    expect((await app.get('/api/v1/quota', key.key)).body).to.include({
      plan: 'AI',
      limit: 'unlimited',
      used: 201,
      remaining: 'unlimited',
    });

    // Back on FREE with 990 used (a busy unlimited fortnight, written straight into the counter): exactly 10 more are admitted.
    await db.query('UPDATE quota_usage SET used = 990 WHERE credential_id = $1', [key.id]);
    await setPlan(app, company.organizationId, 'FREE');
    const limited = await Promise.all(Array.from({ length: 20 }, () => app.get('/api/v1/organization', key.key)));
    const admitted = limited.filter((r) => r.status === 200).map((r) => Number(r.headers.get('x-ratelimit-used')));
    expect(admitted.sort((a, b) => a - b)).to.deep.equal([991, 992, 993, 994, 995, 996, 997, 998, 999, 1000]);
    expect(limited.filter((r) => r.status === 429)).to.have.length(10);
  });

  it('lists every API key of the organization with its counter in GraphQL quotaUsage, page by page', async () => {
    const company = await makeCompany(app);
    const busy = await makeApiKey(app, company, 'busy');
    const idle = await makeApiKey(app, company, 'idle');
    const stranger = await makeApiKey(app, await makeCompany(app), 'stranger');
    for (let i = 0; i < 3; i++) await app.get('/api/v1/organization', busy.key);
    await app.get('/api/v1/organization', stranger.key);

    const usage = await app.graphql(USAGE, {}, company.token);
    const row = (id: string, name: string, used: number) => ({
      credentialType: 'apiKey',
      credentialId: id,
      name,
      used,
      limit: 1000,
      remaining: 1000 - used,
      resetAt: RESET_AT,
    });
    const expected = [row(busy.id, 'busy', 3), row(idle.id, 'idle', 0)].sort((a, b) =>
      a.credentialId.localeCompare(b.credentialId),
    );
    expect(usage.body).to.deep.equal({ data: { quotaUsage: { data: expected, nextCursor: null } } });
    expect(rateLimitOf(usage).used, 'a session is not metered').to.equal(null);

    const first = await app.graphql(
      'query($cursor: String) { quotaUsage(limit: 1, cursor: $cursor) { data { credentialId } nextCursor } }',
      {},
      company.token,
    );
    expect(first.body.data.quotaUsage.data).to.deep.equal([{ credentialId: expected[0].credentialId }]);
    const next = await app.graphql(
      'query($cursor: String) { quotaUsage(limit: 1, cursor: $cursor) { data { credentialId } nextCursor } }',
      { cursor: first.body.data.quotaUsage.nextCursor },
      company.token,
    );
    expect(next.body.data.quotaUsage).to.deep.equal({
      data: [{ credentialId: expected[1].credentialId }],
      nextCursor: null,
    });

    await setPlan(app, company.organizationId, 'AI');
    const unlimited = await app.graphql(USAGE, {}, company.token);
    expect(
      unlimited.body.data.quotaUsage.data.map((r: { limit: null; remaining: null }) => [r.limit, r.remaining]),
    ).to.deep.equal([
      [null, null],
      [null, null],
    ]);
  });

  it('quotaUsage needs a session with company_settings read', async () => {
    const company = await makeCompany(app);
    const key = await makeApiKey(app, company);
    const reader = await makeUser(app, company, { permissions: { company_settings: 'read' } });
    const outsider = await makeUser(app, company, { permissions: { documents: 'write' } });
    expect((await app.graphql(USAGE, {}, reader.token)).body.data.quotaUsage.data).to.have.length(1);
    const denied = await app.graphql(USAGE, {}, outsider.token);
    expect(denied.body.errors?.[0]).to.deep.include({
      message: 'This credential lacks the scope company_settings:read',
    });
    expect(denied.body.errors?.[0].extensions.code).to.equal('FORBIDDEN');
    const byKey = await app.graphql(USAGE, {}, key.key);
    expect(byKey.body.errors?.[0].extensions.code).to.equal('FORBIDDEN');
  });
});
