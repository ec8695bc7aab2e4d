import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { Client } from 'pg';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeBankAccount, makeCompany } from '../helpers/fixtures';
import { FioServer } from '../helpers/fio-server';
import { freePort, freshDatabaseUrl } from '../helpers/postgres';
import { spawnApp, type AppProcess } from '../helpers/process';

async function json(url: string, method: string, body: unknown, token?: string): Promise<any> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(url, { method, headers, body: JSON.stringify(body) });
  expect(res.status, url).to.be.below(300);
  return res.json();
}

async function paymentRows(databaseUrl: string, accountId: string): Promise<{ transaction_id: string }[]> {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query('SELECT transaction_id FROM payments WHERE bank_account_id = $1', [accountId]);
    return rows;
  } finally {
    await db.end();
  }
}

/**
 * Issue 28 point 7: a sync killed after Fio answered (its cursor moved past the movements) and
 * before the movements were committed, then run again by another process, imports every movement
 * exactly once; two workers syncing one account at once import nothing twice.
 */
describe('bank sync: crashes and races', function () {
  this.timeout(180_000);
  const running: AppProcess[] = [];
  let fio: FioServer;
  let fioUrl: string;
  before(async () => {
    fio = new FioServer();
    fioUrl = await fio.start();
  });
  after(async () => {
    for (const p of running) await p.terminate();
    await fio.stop();
  });

  it('a sync SIGKILLed after Fio answered loses no movement and imports none twice', async () => {
    const env = {
      DATABASE_URL: await freshDatabaseUrl(),
      FIO_API_URL: fioUrl,
      TEST_CONTROLS: '1',
      FAKTURA_MASTER_KEY: randomBytes(32).toString('hex'),
    };
    const first = await spawnApp(env, await freePort());
    running.push(first);
    const signup = await json(`${first.url}/api/v1/auth/signup`, 'POST', {
      companyName: 'Fio Crash s.r.o.',
      email: `fio-crash-${Date.now()}@example.cz`,
      password: 'long enough pass',
    });
    const token = FioServer.token('crashToken');
    fio.account(token);
    const account = await json(
      `${first.url}/api/v1/bank-accounts`,
      'POST',
      { name: 'Fio', accountNumber: '2900000001/2010' },
      signup.token,
    );
    const connectUrl = `${first.url}/api/v1/bank-accounts/${account.id}/connection`;
    await json(connectUrl, 'PUT', { provider: 'FIO', token }, signup.token);
    fio.add(token, { amount: 100, date: '2026-06-16' }, { amount: 200, date: '2026-06-16' });
    const synced = await json(`${first.url}/api/v1/bank-accounts/${account.id}/sync`, 'POST', {}, signup.token);
    expect(synced).to.include({ outcome: 'SYNCED', imported: 2 });

    // Three more movements; Fio answers the next `last` (moving its cursor past them) but the
    // answer never fully arrives: the worker is killed while reading it.
    const clock = Date.parse(((await (await fetch(`${first.url}/api/test/clock`)).json()) as { now: string }).now);
    await json(`${first.url}/api/test/clock`, 'POST', { now: new Date(clock + 31_000).toISOString() });
    fio.advance(31_000);
    fio.add(
      token,
      { amount: 300, date: '2026-06-17' },
      { amount: 400, date: '2026-06-17' },
      { amount: 500, date: '2026-06-17' },
    );
    fio.expectStall();
    const cut = fetch(`${first.url}/api/v1/bank-accounts/${account.id}/sync`, {
      method: 'POST',
      headers: { authorization: `Bearer ${signup.token}`, 'content-type': 'application/json' },
      body: '{}',
    }).catch((err: Error) => err);
    await fio.stalled;
    first.child.kill('SIGKILL');
    expect(await cut).to.be.instanceOf(Error);
    running.pop();
    expect(await paymentRows(env.DATABASE_URL, account.id)).to.have.length(2);

    // Another process: the first sync puts Fio's cursor back, the next one 30 s later imports the three.
    const second = await spawnApp(env, await freePort());
    running.push(second);
    const setClock = (ms: number) => json(`${second.url}/api/test/clock`, 'POST', { now: new Date(ms).toISOString() });
    await setClock(clock + 62_000);
    fio.advance(31_000);
    const reset = await json(`${second.url}/api/v1/bank-accounts/${account.id}/sync`, 'POST', {}, signup.token);
    expect(reset.outcome).to.equal('CURSOR_RESET');
    expect(fio.calls.at(-1)).to.include({ kind: 'set-last-id', status: 200 });

    await setClock(clock + 93_000);
    fio.advance(31_000);
    const again = await json(`${second.url}/api/v1/bank-accounts/${account.id}/sync`, 'POST', {}, signup.token);
    expect(again).to.include({ outcome: 'SYNCED', imported: 3, duplicates: 0 });

    const rows = await paymentRows(env.DATABASE_URL, account.id);
    expect(rows).to.have.length(5);
    expect(new Set(rows.map((r) => r.transaction_id)).size).to.equal(5);
  });

  it('two workers syncing one account at once import each movement once', async () => {
    const first: TestApp = await startTestApp({ FIO_API_URL: fioUrl });
    const second: TestApp = await startTestApp({ DATABASE_URL: first.databaseUrl, FIO_API_URL: fioUrl });
    try {
      const company = await makeCompany(first);
      const token = FioServer.token('raceToken');
      fio.account(token, '2000145399');
      const account = await makeBankAccount(first, company.token);
      await first.put(`/api/v1/bank-accounts/${account.id}/connection`, { provider: 'FIO', token }, company.token);
      fio.add(token, ...Array.from({ length: 20 }, (_, i) => ({ amount: i + 1, date: '2026-06-17' })));
      const lastCalls = fio.count('last');

      // Sync now on both, and the periodic job on both, all at once.
      const answers = await Promise.all([
        first.post(`/api/v1/bank-accounts/${account.id}/sync`, {}, company.token),
        second.post(`/api/v1/bank-accounts/${account.id}/sync`, {}, company.token),
        first.post('/api/test/jobs/run-due', {}),
        second.post('/api/test/jobs/run-due', {}),
        first.post(`/api/v1/bank-accounts/${account.id}/sync`, {}, company.token),
      ]);
      const outcomes = answers.filter((a) => a.body.outcome).map((a) => a.body.outcome);
      expect(outcomes.filter((o) => o === 'SYNCED').length).to.be.at.most(1);
      expect(fio.count('last') - lastCalls).to.equal(1);
      expect(fio.calls.filter((c) => c.token === token && c.status === 409)).to.have.length(0);
      const rows = await paymentRows(first.databaseUrl, account.id);
      expect(rows).to.have.length(20);
      expect(new Set(rows.map((r) => r.transaction_id)).size).to.equal(20);
    } finally {
      await second.stop();
      await first.stop();
    }
  });
});
