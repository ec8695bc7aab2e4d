import { expect } from 'chai';
import pino from 'pino';
import { Client } from 'pg';
import { SystemClock } from '../../src/core/clock';
import { Scheduler } from '../../src/core/jobs/scheduler';
import { unhurried } from '../../src/core/lifecycle';
import { gate, until, type Gate } from '../helpers/gate';
import { freshDatabaseUrl } from '../helpers/postgres';

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
});
