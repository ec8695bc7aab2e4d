import { expect } from 'chai';
import { Client } from 'pg';
import { startTestApp, type TestApp } from '../helpers/app';
import { run } from '../helpers/process';
import { setClock, setPlan } from '../helpers/controls';
import { makeApiKey, makeCompany } from '../helpers/fixtures';
import { exhaust, rateLimitOf, statusCounts, unix } from './quota.helpers';

describe('quota: exhaustion, 429 and plan changes (SPEC 7.2, 8)', () => {
  let app: TestApp;
  let db: Client;
  before(async () => {
    app = await startTestApp();
    db = new Client({ connectionString: app.databaseUrl });
    await db.connect();
  });
  after(async () => {
    await db.end();
    await app.stop();
  });

  async function storedUsed(credentialId: string): Promise<Record<string, string>> {
    const { rows } = await db.query(
      `SELECT to_char(period, 'YYYY-MM') AS month, used FROM quota_usage WHERE credential_id = $1 ORDER BY period`,
      [credentialId],
    );
    return Object.fromEntries(rows.map((r) => [r.month, r.used]));
  }

  it('answers 429 with Retry-After to the reset and the exact body; every later request gets it and none is counted', async () => {
    await setClock(app, '2031-03-31T23:40:00.000Z');
    const company = await makeCompany(app);
    const key = await makeApiKey(app, company);
    await exhaust(app, key.key);

    await setClock(app, '2031-03-31T23:59:00.000Z');
    const refused = await app.get('/api/v1/organization', key.key);
    expect(refused.status).to.equal(429);
    expect(refused.body).to.deep.equal({
      error: 'Too Many Requests',
      message: 'Monthly quota of 1000 requests for this credential is used up; it resets at 2031-04-01T00:00:00.000Z',
      code: 'RATE_LIMIT_EXCEEDED',
      limit: 1000,
      used: 1000,
      resetAt: unix('2031-04-01T00:00:00.000Z'),
      upgrade: true,
    });
    expect(refused.headers.get('retry-after')).to.equal('60');
    expect(rateLimitOf(refused)).to.deep.equal({
      limit: '1000',
      remaining: '0',
      used: '1000',
      reset: String(unix('2031-04-01T00:00:00.000Z')),
    });

    const retries = await Promise.all([
      ...Array.from({ length: 20 }, () => app.get('/api/v1/organization', key.key)),
      app.get('/api/v1/quota', key.key),
      app.get('/api/v1/no-such-resource', key.key),
      app.graphql('{ organization { plan } }', {}, key.key),
    ]);
    expect(statusCounts(retries)).to.deep.equal({ 429: 23 });
    for (const res of retries) expect(res.body.code).to.equal('RATE_LIMIT_EXCEEDED');
    expect(await storedUsed(key.id)).to.deep.equal({ '2031-03': '1000' });
  });

  it('applies a plan change to the very next request, up and down (test control)', async () => {
    await setClock(app, '2031-07-15T08:00:00.000Z');
    const company = await makeCompany(app);
    const key = await makeApiKey(app, company);
    await exhaust(app, key.key);
    expect((await app.get('/api/v1/organization', key.key)).status).to.equal(429);

    await setPlan(app, company.organizationId, 'BASIC');
    const upgraded = await app.get('/api/v1/organization', key.key);
    expect(upgraded.status).to.equal(200);
    expect(rateLimitOf(upgraded)).to.deep.equal({
      limit: '25000',
      remaining: '23999',
      used: '1001',
      reset: String(unix('2031-08-01T00:00:00Z')),
    });

    await setPlan(app, company.organizationId, 'FREE');
    const downgraded = await app.get('/api/v1/organization', key.key);
    expect(downgraded.status).to.equal(429);
    expect(downgraded.body).to.include({ limit: 1000, used: 1001, upgrade: true });
    expect(rateLimitOf(downgraded)).to.include({ limit: '1000', remaining: '0', used: '1001' });
  });

  it('applies a plan change made with the operator CLI (npm run cli -- org:plan) to the next request', async () => {
    await setClock(app, '2031-07-15T08:00:00.000Z');
    const company = await makeCompany(app);
    const key = await makeApiKey(app, company);
    expect(rateLimitOf(await app.get('/api/v1/organization', key.key))).to.include({ limit: '1000', used: '1' });
    const cli = await run(['scripts/cli.ts', 'org:plan', company.organizationId, 'PRO'], {
      DATABASE_URL: app.databaseUrl,
    });
    expect(cli, cli.output).to.deep.include({ code: 0 });
    expect(cli.output).to.contain('is now on plan PRO');
    expect(rateLimitOf(await app.get('/api/v1/organization', key.key))).to.include({
      limit: '250000',
      remaining: '249998',
      used: '2',
    });
  });

  it('starts the counter at zero on the 1st at 00:00 UTC, by the Clock', async () => {
    await setClock(app, '2031-01-31T23:40:00.000Z');
    const company = await makeCompany(app);
    const key = await makeApiKey(app, company);
    await exhaust(app, key.key);

    await setClock(app, '2031-01-31T23:59:59.000Z');
    const lastSecond = await app.get('/api/v1/organization', key.key);
    expect(lastSecond.status).to.equal(429);
    expect(lastSecond.headers.get('retry-after')).to.equal('1');

    await setClock(app, '2031-02-01T00:00:00.000Z');
    const newMonth = await app.get('/api/v1/organization', key.key);
    expect(newMonth.status).to.equal(200);
    expect(rateLimitOf(newMonth)).to.deep.equal({
      limit: '1000',
      remaining: '999',
      used: '1',
      reset: String(unix('2031-03-01T00:00:00Z')),
    });
    expect(await storedUsed(key.id)).to.deep.equal({ '2031-01': '1000', '2031-02': '1' });
  });

  it('refuses BASIC and PRO at their own limits, with upgrade true on every limited plan', async () => {
    await setClock(app, '2031-09-30T12:00:00.000Z');
    const company = await makeCompany(app);
    const key = await makeApiKey(app, company);
    expect((await app.get('/api/v1/organization', key.key)).status).to.equal(200);
    for (const [plan, limit] of [
      ['BASIC', 25_000],
      ['PRO', 250_000],
    ] as const) {
      await setPlan(app, company.organizationId, plan);
      // A busy month, written straight into the counter: 25,000 requests would take too long here.
      await db.query('UPDATE quota_usage SET used = $2 - 1 WHERE credential_id = $1', [key.id, limit]);
      const last = await app.get('/api/v1/organization', key.key);
      expect(rateLimitOf(last)).to.include({ limit: String(limit), remaining: '0', used: String(limit) });
      const refused = await app.get('/api/v1/organization', key.key);
      expect(refused.status).to.equal(429);
      expect(refused.body).to.include({ code: 'RATE_LIMIT_EXCEEDED', limit, used: limit, upgrade: true });
    }
  });
});
