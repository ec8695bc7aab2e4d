import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { freePort } from '../helpers/postgres';
import { run, spawnApp } from '../helpers/process';
import { startTestApp } from '../helpers/app';
import { makeCompany } from '../helpers/fixtures';

/** A POST on its own connection; `sent` resolves once the whole request has been written. */
function postOnFreshConnection(url: string, body: unknown): { sent: Promise<void>; status: Promise<number> } {
  let markSent!: () => void;
  const sent = new Promise<void>((r) => (markSent = r));
  const status = new Promise<number>((resolve, reject) => {
    const req = http.request(
      url,
      { method: 'POST', agent: false, headers: { 'content-type': 'application/json' } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.on('finish', markSent);
    req.end(JSON.stringify(body));
  });
  return { sent, status };
}

describe('process lifecycle (npm start entry point)', function () {
  this.timeout(120_000);
  let dataDir: string;
  before(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'faktura-lifecycle-'));
    fs.chmodSync(dataDir, 0o777);
  });
  after(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('starts its own PostgreSQL, drains on SIGTERM, and reuses the data on the next start', async () => {
    const env = { DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(await freePort()) };
    const first = await spawnApp(env, await freePort());
    const signup = await fetch(`${first.url}/api/v1/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ companyName: 'Persistent', email: 'persist@example.cz', password: 'persistent pass' }),
    });
    expect(signup.status).to.equal(201);
    const { token } = (await signup.json()) as { token: string };
    // A request in flight when SIGTERM arrives still completes (argon2 keeps login busy for a while).
    const inFlight = postOnFreshConnection(`${first.url}/api/v1/auth/login`, {
      email: 'persist@example.cz',
      password: 'persistent pass',
    });
    await inFlight.sent;
    await new Promise((r) => setTimeout(r, 30));
    const exit = first.terminate();
    expect(await inFlight.status).to.equal(200);
    expect(await exit, first.output().slice(-3000)).to.equal(0);
    expect(first.output()).to.include('Faktura stopped');
    expect(fs.existsSync(path.join(dataDir, 'pg', 'PG_VERSION'))).to.equal(true);

    const second = await spawnApp(env, await freePort());
    try {
      const login = await fetch(`${second.url}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'persist@example.cz', password: 'persistent pass' }),
      });
      expect(login.status).to.equal(200);
      // The session signing key was kept in the database: the first run's session still works.
      const me = await fetch(`${second.url}/api/v1/auth/me`, { headers: { authorization: `Bearer ${token}` } });
      expect(me.status).to.equal(200);
    } finally {
      expect(await second.terminate(), second.output().slice(-3000)).to.equal(0);
    }
  });

  it('refuses to start with a bad configuration value, naming the variable', async () => {
    const res = await run(['src/main.ts'], { PORT: 'eighty', DATA_DIR: dataDir });
    expect(res.code).to.equal(1);
    expect(res.output).to.include('PORT');
  });

  it('changes a plan with the operator CLI: npm run cli -- org:plan <orgId> <plan>', async () => {
    const app = await startTestApp();
    try {
      const company = await makeCompany(app);
      const res = await run(['scripts/cli.ts', 'org:plan', company.organizationId, 'BASIC'], {
        DATABASE_URL: app.databaseUrl,
      });
      expect(res.code, res.output).to.equal(0);
      expect(res.output).to.include('is now on plan BASIC');
      expect((await app.get('/api/v1/organization', company.token)).body.plan).to.equal('BASIC');
      const bad = await run(['scripts/cli.ts', 'org:plan', company.organizationId, 'GOLD'], {
        DATABASE_URL: app.databaseUrl,
      });
      expect(bad.code).to.equal(1);
    } finally {
      await app.stop();
    }
  });
});
