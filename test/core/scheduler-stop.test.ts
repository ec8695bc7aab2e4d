import { expect } from 'chai';
import pino from 'pino';
import { Client } from 'pg';
import { SystemClock } from '../../src/core/clock';
import { Scheduler } from '../../src/core/jobs/scheduler';
import { unhurried } from '../../src/core/lifecycle';
import { startTestApp } from '../helpers/app';
import { makeCompany } from '../helpers/fixtures';
import { gate, until, type Gate } from '../helpers/gate';
import { recordContactEvents } from '../helpers/outbox';
import { freePort, freshDatabaseUrl } from '../helpers/postgres';
import { spawnApp } from '../helpers/process';
import { startReceiver } from '../helpers/receiver';
import { makeWebhook, settleWebhooks } from '../helpers/webhooks';

/**
 * README "Stopping": a scheduled job running when its worker stops finishes there, or (the grace
 * period cut it) is handed back and run by another worker; either way it is not run twice and not
 * lost. Two real schedulers (Agenda, polling every 2 s) on one PostgreSQL database.
 */

const JOB = 'test.slow-job';

describe('a scheduled job when its worker stops', function () {
  this.timeout(60_000);
  const log = pino({ level: 'silent' });
  const clock = new SystemClock();
  let url: string;
  let db: Client;
  const schedulers: Scheduler[] = [];

  async function worker(handler: () => Promise<void>): Promise<Scheduler> {
    const scheduler = Scheduler.postgres(url, clock, log, true);
    schedulers.push(scheduler);
    await scheduler.ready;
    scheduler.define(JOB, handler);
    return scheduler;
  }

  async function jobRows(): Promise<{ locked_at: Date | null; next_run_at: Date | null }[]> {
    return (await db.query('SELECT locked_at, next_run_at FROM agenda_jobs WHERE name = $1', [JOB])).rows;
  }

  /** Worker `one` running the job, held in its handler until `held` opens; worker `two` not started. */
  async function oneRunningTheJob(): Promise<{
    runs: string[];
    one: Scheduler;
    two: Scheduler;
    held: Gate;
  }> {
    const runs: string[] = [];
    const held = gate();
    const one = await worker(async () => {
      runs.push('one began');
      await held.wait;
      runs.push('one finished');
    });
    const two = await worker(() => Promise.resolve(void runs.push('two ran')));
    await one.start();
    await one.schedule(JOB, clock.now());
    await until(() => runs.includes('one began'));
    return { runs, one, two, held };
  }

  beforeEach(async () => {
    url = await freshDatabaseUrl();
    db = new Client({ connectionString: url });
    await db.connect();
  });
  afterEach(async () => {
    for (const s of schedulers.splice(0)) await s.stop(unhurried()).then(() => s.close());
    await db.end();
  });

  it('finishes within the grace period and is gone before the stop resolves; the other worker never runs it', async () => {
    const { runs, one, two, held: slow } = await oneRunningTheJob();
    const stopped = one.stop(unhurried());
    await two.start();
    setTimeout(() => slow.open(), 500);
    expect(await stopped).to.deep.equal([]);
    expect(runs).to.deep.equal(['one began', 'one finished']);
    expect(await jobRows(), 'removed by the worker that ran it').to.deep.equal([]);
    // Two polls of the other worker later, nothing ran again.
    await new Promise((r) => setTimeout(r, 4500));
    expect(runs).to.deep.equal(['one began', 'one finished']);
  });

  it('cut by the grace period, is handed back and run exactly once by another worker at once', async () => {
    const { runs, one, two, held: stuck } = await oneRunningTheJob();
    await two.start();

    const grace = new AbortController();
    const stopped = one.stop({ cut: grace.signal });
    grace.abort('the grace period ran out');
    expect(await stopped).to.deep.equal([JOB]);
    const [row] = await jobRows();
    expect(row.locked_at, 'unlocked').to.equal(null);
    expect(row.next_run_at!.getTime(), 'due now').to.be.at.most(Date.now());

    // Long before Agenda's 10-minute lock lifetime: the other worker's next poll takes it.
    await until(() => runs.includes('two ran'), 6000);
    await until(async () => (await jobRows()).length === 0);
    // The cut run dies with its process (its transaction rolled back): it never finishes.
    stuck.fail();
    await new Promise((r) => setTimeout(r, 4500));
    expect(runs).to.deep.equal(['one began', 'two ran']);
  });

  it('in a worker process: a webhook retry running at SIGTERM is finished and recorded there, and not run again', async () => {
    const receiver = await startReceiver(() => ({ status: 500 }));
    try {
      // The first attempt fails a minute ago (by the test Clock): its retry job is due now by the real one.
      const setup = await startTestApp({}, { clockStart: new Date(Date.now() - 61_000).toISOString() });
      const co = await makeCompany(setup);
      await makeWebhook(setup, co.token, { url: receiver.url, events: ['contact.created'] });
      await recordContactEvents(setup, co.organizationId, 1);
      await settleWebhooks(setup);
      expect(receiver.received).to.have.length(1);
      await setup.stop();

      // The endpoint takes 3 s to answer the retry; the worker gets SIGTERM while it waits.
      receiver.respond = () => ({ status: 200, delayMs: 3000 });
      const env = { DATABASE_URL: setup.databaseUrl, ROLE: 'worker', WEBHOOK_ALLOW_PRIVATE_NETWORKS: '1' };
      const one = await spawnApp(env, await freePort());
      await until(() => receiver.received.length === 2, 20_000);
      expect(await one.terminate(), one.output().slice(-3000)).to.equal(0);
      expect(one.output()).not.to.include('"cut":');

      const check = new Client({ connectionString: setup.databaseUrl });
      await check.connect();
      try {
        const retries = await check.query(`SELECT 1 FROM agenda_jobs WHERE name = 'webhook-delivery-retry'`);
        const deliveries = await check.query('SELECT status FROM webhook_deliveries');
        expect(retries.rowCount, 'the retry job was removed before the process exited').to.equal(0);
        expect(deliveries.rows.map((r) => r.status)).to.deep.equal(['DELIVERED']);
      } finally {
        await check.end();
      }
      // Another worker, two of its polls later, sends nothing again.
      const two = await spawnApp(env, await freePort());
      await new Promise((r) => setTimeout(r, 4500));
      expect(await two.terminate(), two.output().slice(-3000)).to.equal(0);
      expect(receiver.received).to.have.length(2);
      expect(receiver.received[1].headers['x-faktura-delivery']).to.equal(
        receiver.received[0].headers['x-faktura-delivery'],
      );
    } finally {
      await receiver.close();
    }
  });
});
