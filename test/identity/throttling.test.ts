import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { Client } from 'pg';
import { loadConfig } from '../../src/config';
import type { Passwords } from '../../src/modules/identity/passwords';
import { startTestApp, TEST_EPOCH, type HttpResult, type TestApp } from '../helpers/app';
import { advanceClock } from '../helpers/controls';
import { makeCompany, type Company } from '../helpers/fixtures';
import { freePort, freshDatabaseUrl } from '../helpers/postgres';
import { spawnApp, type AppProcess } from '../helpers/process';

/**
 * Issue 23 point 1: sign-in throttling kept in PostgreSQL (per person, per client address), the cap
 * on concurrent password hashing, and the login entries of the audit log. The app trusts one proxy
 * (TRUST_PROXY=1), so X-Forwarded-For plays the client address; each test uses addresses of its own.
 */
describe('identity: sign-in throttling', function () {
  this.timeout(120_000);
  let app: TestApp;
  let db: Client;
  let passwords: Passwords;

  before(async () => {
    app = await startTestApp(
      {
        TRUST_PROXY: '1',
        LOG_LEVEL: 'warn',
        AUTH_FAILED_PER_IP_MINUTE: '30',
        AUTH_SIGNUPS_PER_IP_HOUR: '10',
        // The storm below must fill the hashing slots: hashes at their production cost.
        TEST_CHEAP_PASSWORD_HASHES: '',
      },
      { onContainer: (c) => void (passwords = c.services.identity.passwords) },
    );
    db = new Client({ connectionString: app.databaseUrl });
    await db.connect();
  });
  after(async () => {
    await db?.end();
    await app?.stop();
  });

  const from = (ip: string, method: string, path: string, body: unknown): Promise<HttpResult> =>
    app.request(method, path, { body, headers: { 'x-forwarded-for': ip } });
  const login = (ip: string, email: string, password: string) =>
    from(ip, 'POST', '/api/v1/auth/login', { email, password });
  const signup = (ip: string, email = `s-${randomUUID()}@example.cz`) =>
    from(ip, 'POST', '/api/v1/auth/signup', { companyName: 'Spam s.r.o.', email, password: 'correct horse battery' });
  const statuses = (answers: { status: number }[]) =>
    answers.reduce<Record<number, number>>((acc, r) => ({ ...acc, [r.status]: (acc[r.status] ?? 0) + 1 }), {});
  const unknownClient = () => `fci_${randomUUID().replace(/-/g, '')}`;
  /** A refresh at the token endpoint by a client that does not exist, with a secret. */
  const unknownClientToken = (ip: string) =>
    app.request('POST', '/api/v1/oauth/token', {
      raw: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: 'frt_x',
        client_id: unknownClient(),
        client_secret: 'fcs_guess',
      }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': ip },
    });
  function expectTooMany(res: HttpResult, maxSeconds: number): void {
    expect(res.status, res.text).to.equal(429);
    expect(res.body).to.deep.equal({
      error: 'Too Many Requests',
      message: 'Too many attempts, try again later',
      code: 'TOO_MANY_ATTEMPTS',
    });
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(retryAfter).to.be.within(1, maxSeconds);
  }
  async function auditOf(userId: string): Promise<{ action: string; reason: string | null; org: string | null }[]> {
    const { rows } = await db.query<{ action: string; reason: string | null; org: string | null }>(
      `SELECT action, details->>'reason' AS reason, organization_id AS org FROM audit_log
        WHERE actor_user_id = $1 ORDER BY created_at, action`,
      [userId],
    );
    return rows;
  }

  it('has the documented defaults: 30 failures a minute and 50 signups an hour per address, 0 turns one off', () => {
    expect(loadConfig({})).to.include({ AUTH_FAILED_PER_IP_MINUTE: 30, AUTH_SIGNUPS_PER_IP_HOUR: 50 });
    expect(loadConfig({ AUTH_FAILED_PER_IP_MINUTE: '0', AUTH_SIGNUPS_PER_IP_HOUR: '0' })).to.include({
      AUTH_FAILED_PER_IP_MINUTE: 0,
      AUTH_SIGNUPS_PER_IP_HOUR: 0,
    });
  });

  it('after 5 failures of one person in parallel, every attempt is 429 (the right password too) until 15 minutes pass', async () => {
    const company = await makeCompany(app);
    // 8 wrong passwords at once from 8 addresses: each is counted before its hash, so exactly 5 are checked.
    const wrong = await Promise.all(
      Array.from({ length: 8 }, (_, i) => login(`10.0.1.${i + 1}`, company.email, 'wrong password!!')),
    );
    expect(statuses(wrong)).to.deep.equal({ 401: 5, 429: 3 });
    for (const res of wrong.filter((r) => r.status === 429)) expectTooMany(res, 900);

    const right = await login('10.0.1.99', ` ${company.email.toUpperCase()} `, company.password);
    expectTooMany(right, 900);

    // The login page answers the same with a page, not JSON.
    const form = await fetch(`${app.url}/app/login`);
    const cookie = form.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const csrf = /name="csrf" value="([^"]+)"/.exec(await form.text())![1];
    const page = await fetch(`${app.url}/app/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: company.email, password: company.password, csrf, return_to: '/app/' }),
    });
    expect(page.status).to.equal(429);
    expect(page.headers.get('content-type')).to.match(/^text\/html/);
    expect(Number(page.headers.get('retry-after'))).to.be.within(1, 900);
    expect(await page.text()).to.match(/Too many attempts\. Please try again in \d+ minutes?\./);

    await advanceClock(app, 15 * 60);
    const after = await login('10.0.1.99', company.email, company.password);
    expect(after.status, after.text).to.equal(200);

    const audit = await auditOf(company.userId);
    expect(audit.filter((a) => a.action === 'login.failed' && a.reason === 'password')).to.have.length(5);
    expect(audit.filter((a) => a.action === 'login.failed' && a.reason === 'throttled')).to.have.length(5);
    expect(audit.filter((a) => a.action === 'login.succeeded')).to.have.length(1);
    expect(audit.every((a) => a.org === company.organizationId)).to.equal(true);
  });

  it('a completed login forgets the person’s earlier failures; an unknown e-mail is throttled the same', async () => {
    const company = await makeCompany(app);
    for (let i = 0; i < 4; i++)
      expect((await login('10.0.2.1', company.email, 'wrong password!!')).status).to.equal(401);
    expect((await login('10.0.2.1', company.email, company.password)).status).to.equal(200);
    for (let i = 0; i < 5; i++)
      expect((await login('10.0.2.2', company.email, 'wrong password!!')).status).to.equal(401);
    expectTooMany(await login('10.0.2.2', company.email, company.password), 900);

    const nobody = `nobody-${randomUUID()}@example.cz`;
    const answers = await Promise.all(
      Array.from({ length: 7 }, (_, i) => login(`10.0.2.${i + 10}`, nobody, 'wrong password!!')),
    );
    expect(statuses(answers)).to.deep.equal({ 401: 5, 429: 2 });
    const { rows } = await db.query(
      `SELECT organization_id, actor_user_id, details FROM audit_log WHERE action = 'login.failed' AND ip = '10.0.2.10'`,
    );
    expect(rows).to.have.length(1);
    expect(rows[0]).to.include({ organization_id: null, actor_user_id: null });
    expect(rows[0].details.reason).to.be.oneOf(['password', 'throttled']);
  });

  it('counts failed logins and client authentications per address: 30 a minute, then 429 for any e-mail from it', async () => {
    const ip = '10.0.3.1';
    // 20 failed OAuth client authentications (no hash) and 10 failed logins at once: one count of 30.
    const failures = await Promise.all([
      ...Array.from({ length: 20 }, () => unknownClientToken(ip)),
      ...Array.from({ length: 10 }, (_, i) => login(ip, `ip-${i}-${randomUUID()}@example.cz`, 'wrong password!!')),
    ]);
    expect(statuses(failures)).to.deep.equal({ 401: 30 });
    const company = await makeCompany(app);
    expectTooMany(await login(ip, company.email, company.password), 60);
    // Another address is not affected; after the minute the address may try again.
    expect((await login('10.0.3.2', company.email, company.password)).status).to.equal(200);
    await advanceClock(app, 61);
    expect((await login(ip, company.email, company.password)).status).to.equal(200);
  });

  it('/oauth/token: failed client authentications count per address, exact under parallel requests, 429 in RFC 6749 form', async () => {
    const ip = '10.0.4.1';
    const before = passwords.slots.stats().started;
    const answers = await Promise.all(Array.from({ length: 40 }, () => unknownClientToken(ip)));
    expect(statuses(answers)).to.deep.equal({ 401: 30, 429: 10 });
    expect(answers.find((r) => r.status === 401)!.body).to.deep.equal({
      error: 'invalid_client',
      error_description: 'Client authentication failed',
    });
    const refused = answers.find((r) => r.status === 429)!;
    expect(refused.body).to.deep.equal({
      error: 'temporarily_unavailable',
      error_description: 'Too many attempts, try again later',
    });
    expect(Number(refused.headers.get('retry-after'))).to.be.within(1, 60);
    expect(refused.headers.get('cache-control')).to.equal('no-store');
    // Unknown clients cost no password hash at all.
    expect(passwords.slots.stats().started).to.equal(before);

    // The address's failures are one count: its logins are refused as well, in the API's own form.
    expectTooMany(await login(ip, `x-${randomUUID()}@example.cz`, 'wrong password!!'), 60);
    // A request the endpoint refuses before client authentication (no grant_type) is no attempt.
    const malformed = await Promise.all(
      Array.from({ length: 35 }, () =>
        app.request('POST', '/api/v1/oauth/token', {
          raw: new URLSearchParams({ client_id: unknownClient(), client_secret: 'fcs_guess' }).toString(),
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '10.0.4.2' },
        }),
      ),
    );
    expect(statuses(malformed)).to.deep.equal({ 400: 35 });
    expect((await unknownClientToken('10.0.4.2')).status).to.equal(401);
  });

  it('a 400 for a malformed body is no attempt (login and signup)', async () => {
    const ip = '10.0.5.1';
    const bad = await Promise.all([
      ...Array.from({ length: 40 }, () => from(ip, 'POST', '/api/v1/auth/login', { email: 5, password: 'x' })),
      ...Array.from({ length: 60 }, () => from(ip, 'POST', '/api/v1/auth/signup', { email: 'not an e-mail' })),
    ]);
    expect(statuses(bad)).to.deep.equal({ 400: 100 });
    expect((await login(ip, `y-${randomUUID()}@example.cz`, 'wrong password!!')).status).to.equal(401);
    expect((await signup(ip)).status).to.equal(201);
  });

  it('counts signups per address (here AUTH_SIGNUPS_PER_IP_HOUR=10), then 429 until the hour passes', async () => {
    const ip = '10.0.6.1';
    const created = await Promise.all(Array.from({ length: 10 }, () => signup(ip)));
    expect(statuses(created)).to.deep.equal({ 201: 10 });
    const refused = await Promise.all(Array.from({ length: 3 }, () => signup(ip)));
    for (const res of refused) expectTooMany(res, 3600);
    expect((await signup('10.0.6.2')).status).to.equal(201);
    await advanceClock(app, 3600);
    expect((await signup(ip)).status).to.equal(201);
  });

  it('a login storm of 200 parallel wrong passwords: hashing is capped (503 with Retry-After), other requests answer within 1 s', async () => {
    const company: Company = await makeCompany(app);
    let storming = true;
    const storm = Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        login(`10.7.${Math.floor(i / 100)}.${i % 100}`, `storm-${i}@example.cz`, 'wrong password!!'),
      ),
    ).finally(() => (storming = false));
    const latencies: number[] = [];
    let peak = passwords.slots.stats();
    while (storming) {
      for (const probe of [() => app.get('/healthz'), () => app.get('/api/v1/organization', company.token)]) {
        const started = performance.now();
        const res = await probe();
        latencies.push(performance.now() - started);
        expect(res.status, res.text).to.equal(200);
      }
      const now = passwords.slots.stats();
      peak = {
        admitted: Math.max(peak.admitted, now.admitted),
        running: Math.max(peak.running, now.running),
        waiting: Math.max(peak.waiting, now.waiting),
        started: now.started,
      };
    }
    const answers = await storm;
    const counts = statuses(answers);
    expect(Object.keys(counts).sort()).to.deep.equal(['401', '503']);
    expect(counts[503]).to.be.greaterThan(0);
    const busy = answers.find((r) => r.status === 503)!;
    expect(busy.body).to.deep.equal({
      error: 'Service Unavailable',
      message: 'The server is busy, retry shortly',
      code: 'SERVICE_BUSY',
    });
    expect(busy.headers.get('retry-after')).to.equal('1');
    expect(peak.running).to.be.at.most(2);
    expect(peak.waiting).to.be.at.most(16);
    expect(peak.admitted).to.be.at.most(18);
    expect(latencies.length).to.be.greaterThan(2);
    expect(Math.max(...latencies), `probe latencies ${latencies.map(Math.round).join(', ')} ms`).to.be.below(1000);
    expect(passwords.slots.stats()).to.include({ admitted: 0, running: 0, waiting: 0 });
  });

  it('an hourly job removes the counters whose window has passed', async () => {
    const counters = async () =>
      (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM sign_in_counters')).rows[0].n;
    expect(await counters()).to.be.greaterThan(0);
    await advanceClock(app, 2 * 3600);
    expect((await app.post('/api/test/jobs/run-due', {})).status).to.equal(200);
    expect(await counters()).to.equal(0);
  });

  describe('with two app processes sharing one database', () => {
    const servers: AppProcess[] = [];
    before(async () => {
      const env = { DATABASE_URL: await freshDatabaseUrl(), TEST_CONTROLS: '1', LOG_LEVEL: 'warn' };
      servers.push(...(await Promise.all([spawnApp(env, await freePort()), spawnApp(env, await freePort())])));
      for (const s of servers) await post(s, '/api/test/clock', { now: TEST_EPOCH });
    });
    after(async () => {
      await Promise.all(servers.map((s) => s.terminate()));
    });
    async function post(
      server: AppProcess,
      path: string,
      body: unknown,
    ): Promise<{ status: number; retryAfter: string | null }> {
      const res = await fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      await res.arrayBuffer();
      return { status: res.status, retryAfter: res.headers.get('retry-after') };
    }

    it('a failure counted by one process is seen by the other at once', async () => {
      const [a, b] = servers;
      const email = 'two-processes@example.cz';
      const password = 'correct horse battery';
      expect((await post(a, '/api/v1/auth/signup', { companyName: 'Two s.r.o.', email, password })).status).to.equal(
        201,
      );
      const wrong = await Promise.all(
        [a, b, a, b, a, b, a].map((s) => post(s, '/api/v1/auth/login', { email, password: 'wrong password!!' })),
      );
      expect(statuses(wrong)).to.deep.equal({ 401: 5, 429: 2 });
      for (const s of [a, b]) {
        const right = await post(s, '/api/v1/auth/login', { email, password });
        expect(right.status).to.equal(429);
        expect(Number(right.retryAfter)).to.be.within(1, 900);
      }
      for (const s of servers) await post(s, '/api/test/clock', { advanceSeconds: 15 * 60 });
      expect((await post(b, '/api/v1/auth/login', { email, password })).status).to.equal(200);
    });
  });
});
