import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { Client } from 'pg';
import { startTestApp, type TestApp } from '../helpers/app';
import { setClock, setPlan } from '../helpers/controls';
import { makeApiKey, makeCompany, UNAUTHORIZED_BODY } from '../helpers/fixtures';
import { NO_RATE_LIMIT, rateLimitOf, unix } from './quota.helpers';

const NOW = '2031-05-10T12:00:00.000Z';
const RESET = String(unix('2031-06-01T00:00:00.000Z'));
const usedSoFar = (used: number) => ({
  limit: '1000',
  remaining: String(1000 - used),
  used: String(used),
  reset: RESET,
});

describe('quota: X-RateLimit headers (SPEC 8, DESIGN 4)', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp();
    await setClock(app, NOW);
  });
  after(() => app.stop());

  async function freshKey() {
    const company = await makeCompany(app);
    return { company, key: (await makeApiKey(app, company)).key };
  }

  it('counts the first request of a FREE key as Used 1, Remaining 999, reset at the next 1st 00:00 UTC', async () => {
    const { key } = await freshKey();
    const first = await app.get('/api/v1/organization', key);
    expect(first.status).to.equal(200);
    expect(rateLimitOf(first)).to.deep.equal(usedSoFar(1));
    expect(rateLimitOf(await app.get('/api/v1/organization', key))).to.deep.equal(usedSoFar(2));
  });

  it('sends them on 4xx answers, which count: 404, 403 for a missing scope or role, 400', async () => {
    const { key } = await freshKey();
    const unknownRoute = await app.get('/api/v1/no-such-resource', key);
    expect(unknownRoute.status).to.equal(404);
    expect(rateLimitOf(unknownRoute)).to.deep.equal(usedSoFar(1));
    const unknownContact = await app.get(`/api/v1/contacts/${randomUUID()}`, key);
    expect(unknownContact.status).to.equal(404);
    expect(rateLimitOf(unknownContact)).to.deep.equal(usedSoFar(2));
    const sessionOnly = await app.get('/api/v1/auth/me', key);
    expect(sessionOnly.status).to.equal(403);
    expect(rateLimitOf(sessionOnly)).to.deep.equal(usedSoFar(3));
    const managersOnly = await app.post('/api/v1/api-keys', { name: 'x' }, key);
    expect(managersOnly.status).to.equal(403);
    expect(rateLimitOf(managersOnly)).to.deep.equal(usedSoFar(4));
    const invalid = await app.patch('/api/v1/organization', { name: 42 }, key);
    expect(invalid.status).to.equal(400);
    expect(invalid.body.code).to.equal('VALIDATION_FAILED');
    expect(rateLimitOf(invalid)).to.deep.equal(usedSoFar(5));
  });

  it('sends them on a 5xx answer (a database fault injected after authentication)', async () => {
    const { key } = await freshKey();
    // A constraint the service does not know about makes the handler's UPDATE fail unexpectedly.
    const db = new Client({ connectionString: app.databaseUrl });
    await db.connect();
    try {
      await db.query(
        `ALTER TABLE organizations ADD CONSTRAINT quota_test_fault CHECK (name <> 'Fault s.r.o.') NOT VALID`,
      );
      const res = await app.patch('/api/v1/organization', { name: 'Fault s.r.o.' }, key);
      expect(res.status).to.equal(500);
      expect(res.body).to.deep.equal({
        error: 'Internal Server Error',
        message: 'An unexpected error occurred',
        code: 'INTERNAL_ERROR',
      });
      expect(rateLimitOf(res)).to.deep.equal(usedSoFar(1));
    } finally {
      await db.query('ALTER TABLE organizations DROP CONSTRAINT quota_test_fault');
      await db.end();
    }
    expect(rateLimitOf(await app.get('/api/v1/organization', key))).to.deep.equal(usedSoFar(2));
  });

  it('sends them on /graphql: data, a resolver error and a malformed query alike', async () => {
    const { key } = await freshKey();
    const data = await app.graphql('{ organization { plan } }', {}, key);
    expect(data.body).to.deep.equal({ data: { organization: { plan: 'FREE' } } });
    expect(rateLimitOf(data)).to.deep.equal(usedSoFar(1));
    const forbidden = await app.graphql('{ apiKeys { data { id } } }', {}, key);
    expect(forbidden.body.errors?.[0].extensions.code).to.equal('FORBIDDEN');
    expect(rateLimitOf(forbidden)).to.deep.equal(usedSoFar(2));
    const malformed = await app.graphql('{ organization {', {}, key);
    expect(malformed.status).to.equal(400);
    expect(rateLimitOf(malformed)).to.deep.equal(usedSoFar(3));
  });

  it('sends none on session requests, REST or GraphQL, and counts nothing for them', async () => {
    const { company, key } = await freshKey();
    const rest = await app.get('/api/v1/organization', company.token);
    expect(rest.status).to.equal(200);
    expect(rateLimitOf(rest)).to.deep.equal(NO_RATE_LIMIT);
    const graphql = await app.graphql('{ organization { plan } }', {}, company.token);
    expect(graphql.body.data).to.deep.equal({ organization: { plan: 'FREE' } });
    expect(rateLimitOf(graphql)).to.deep.equal(NO_RATE_LIMIT);
    const created = await app.post('/api/v1/api-keys', { name: 'second' }, company.token);
    expect(created.status).to.equal(201);
    expect(rateLimitOf(created)).to.deep.equal(NO_RATE_LIMIT);
    expect(rateLimitOf(await app.get('/api/v1/organization', key))).to.deep.equal(usedSoFar(1));
  });

  it('says unlimited on plan AI and still counts', async () => {
    const { company, key } = await freshKey();
    await setPlan(app, company.organizationId, 'AI');
    const unlimited = (used: number) => ({
      limit: 'unlimited',
      remaining: 'unlimited',
      used: String(used),
      reset: RESET,
    });
    expect(rateLimitOf(await app.get('/api/v1/organization', key))).to.deep.equal(unlimited(1));
    expect(rateLimitOf(await app.get('/api/v1/organization', key))).to.deep.equal(unlimited(2));
    const quota = await app.get('/api/v1/quota', key);
    expect(quota.body).to.deep.equal({
      plan: 'AI',
      limit: 'unlimited',
      used: 3,
      remaining: 'unlimited',
      resetAt: Number(RESET),
    });
  });

  it('counts only authenticated requests: malformed, unknown, foreign-organization and revoked keys are not counted', async () => {
    const { key } = await freshKey();
    const other = await makeCompany(app);
    expect(rateLimitOf(await app.get('/api/v1/organization', key))).to.deep.equal(usedSoFar(1));
    const refused = [
      await app.get('/api/v1/organization', 'fk_not-a-key'),
      await app.get('/api/v1/organization', `fk_${'0'.repeat(64)}`),
      await app.request('GET', '/api/v1/organization', {
        token: key,
        headers: { 'x-organization-id': other.organizationId },
      }),
      await app.request('GET', '/api/v1/organization', { token: key, headers: { 'x-organization-id': 'not-a-uuid' } }),
      await app.graphql('{ organization { plan } }', {}, `fk_${'1'.repeat(64)}`),
    ];
    for (const res of refused) {
      expect(res.status).to.equal(401);
      expect(res.body).to.deep.equal(UNAUTHORIZED_BODY);
      expect(rateLimitOf(res)).to.deep.equal(NO_RATE_LIMIT);
    }
    expect(rateLimitOf(await app.get('/api/v1/organization', key))).to.deep.equal(usedSoFar(2));
  });

  it('does not count the requests of a deleted (revoked) key', async () => {
    const { company } = await freshKey();
    const revoked = await makeApiKey(app, company, 'revoked');
    expect(rateLimitOf(await app.get('/api/v1/organization', revoked.key))).to.deep.equal(usedSoFar(1));
    expect((await app.del(`/api/v1/api-keys/${revoked.id}`, company.token)).status).to.equal(204);
    const after = await app.get('/api/v1/organization', revoked.key);
    expect(after.status).to.equal(401);
    expect(rateLimitOf(after)).to.deep.equal(NO_RATE_LIMIT);
    const db = new Client({ connectionString: app.databaseUrl });
    await db.connect();
    try {
      const { rows } = await db.query('SELECT used FROM quota_usage WHERE credential_id = $1', [revoked.id]);
      expect(rows).to.deep.equal([{ used: '1' }]);
    } finally {
      await db.end();
    }
  });

  it('keeps a separate counter for each API key of one company', async () => {
    const { company, key: first } = await freshKey();
    const second = (await makeApiKey(app, company, 'second')).key;
    for (let i = 1; i <= 3; i++)
      expect(rateLimitOf(await app.get('/api/v1/organization', first))).to.deep.equal(usedSoFar(i));
    expect(rateLimitOf(await app.get('/api/v1/organization', second))).to.deep.equal(usedSoFar(1));
    expect(rateLimitOf(await app.get('/api/v1/organization', first))).to.deep.equal(usedSoFar(4));
  });
});
