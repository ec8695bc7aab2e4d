import { expect } from 'chai';
import { startTestApp, TEST_EPOCH, type TestApp } from '../helpers/app';
import { freePort, freshDatabaseUrl } from '../helpers/postgres';
import { spawnApp, type AppProcess } from '../helpers/process';
import { makeApiKey, makeCompany } from '../helpers/fixtures';
import { FREE_LIMIT, inParallelBatches, statusCounts } from './quota.helpers';

interface Answer {
  status: number;
  used: number | null;
  server: number;
}

async function getOrganization(url: string, key: string, server: number): Promise<Answer> {
  const res = await fetch(`${url}/api/v1/organization`, { headers: { authorization: `Bearer ${key}` } });
  await res.arrayBuffer();
  const used = res.headers.get('x-ratelimit-used');
  return { status: res.status, used: used === null ? null : Number(used), server };
}

/** 1,100 requests in parallel batches of 50: exactly the first 1,000 are admitted, each with its own Used value. */
function expectExactlyTheLimit(answers: Answer[]): void {
  expect(statusCounts(answers.map((a) => a.status))).to.deep.equal({ 200: FREE_LIMIT, 429: 100 });
  const admitted = answers.filter((a) => a.status === 200).map((a) => a.used!);
  expect(admitted.sort((a, b) => a - b)).to.deep.equal(Array.from({ length: FREE_LIMIT }, (_, i) => i + 1));
  for (const refused of answers.filter((a) => a.status === 429)) expect(refused.used).to.equal(FREE_LIMIT);
}

describe('quota: exact under concurrency (issue 3, point 5)', () => {
  it('admits exactly 1,000 of 1,100 parallel requests of a FREE key (batches of 50)', async () => {
    const app: TestApp = await startTestApp({ LOG_LEVEL: 'warn' });
    try {
      const key = await makeApiKey(app, await makeCompany(app));
      expectExactlyTheLimit(await inParallelBatches(1100, 50, () => getOrganization(app.url, key.key, 0)));
      expect((await app.get('/api/v1/organization', key.key)).status).to.equal(429);
    } finally {
      await app.stop();
    }
  });

  describe('with two app processes sharing one database', function () {
    this.timeout(120_000);
    const servers: AppProcess[] = [];
    before(async () => {
      const env = { DATABASE_URL: await freshDatabaseUrl(), TEST_CONTROLS: '1', LOG_LEVEL: 'warn' };
      // Started together: they also race for the migrations, which an advisory lock serialises.
      servers.push(...(await Promise.all([spawnApp(env, await freePort()), spawnApp(env, await freePort())])));
      // Both clocks mid-month, so the burst never straddles a UTC month whatever the wall-clock time.
      for (const s of servers) {
        const res = await fetch(`${s.url}/api/test/clock`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ now: TEST_EPOCH }),
        });
        expect(res.status).to.equal(200);
      }
    });
    after(async () => {
      await Promise.all(servers.map((s) => s.terminate()));
    });

    it('admits exactly 1,000 of 1,100 requests split across both processes', async () => {
      const [a, b] = servers;
      const signup = await fetch(`${a.url}/api/v1/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          companyName: 'Two Processes s.r.o.',
          email: 'two-processes@example.cz',
          password: 'correct horse battery',
        }),
      });
      expect(signup.status).to.equal(201);
      const created = await fetch(`${b.url}/api/v1/api-keys`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${((await signup.json()) as { token: string }).token}`,
        },
        body: JSON.stringify({ name: 'shared' }),
      });
      expect(created.status).to.equal(201);
      const { key } = (await created.json()) as { key: string };

      const answers = await inParallelBatches(1100, 50, (i) => getOrganization(servers[i % 2].url, key, i % 2));
      expectExactlyTheLimit(answers);
      const admittedBy = (server: number) => answers.filter((x) => x.status === 200 && x.server === server).length;
      expect(admittedBy(0) + admittedBy(1)).to.equal(FREE_LIMIT);
      expect(admittedBy(0)).to.be.greaterThan(400);
      expect(admittedBy(1)).to.be.greaterThan(400);
    });
  });
});
