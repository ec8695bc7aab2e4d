import { expect } from 'chai';
import pg from 'pg';
import type { Orm } from '../../src/core/db/orm';
import { query, sql } from '../../src/core/db/sql';
import { statementPool } from '../../src/core/db/statement-pool';
import { startTestApp, type TestApp } from '../helpers/app';

/**
 * core/db/statement-pool.ts: hand-written statements outside a transaction run on a pool of their
 * own (at most DB_STATEMENT_POOL_MAX connections), answer exactly what the ORM's connections answer,
 * survive a connection the server ends, and close with the ORM.
 */
describe('core: the statement pool', () => {
  const MAX = 3;
  let app: TestApp;
  let orm: Orm;
  let db: pg.Client;

  before(async () => {
    app = await startTestApp(
      { DB_STATEMENT_POOL_MAX: String(MAX), DB_STATEMENT_TIMEOUT_MS: '7000' },
      { onContainer: (c) => (orm = c.orm) },
    );
    db = new pg.Client({ connectionString: app.databaseUrl });
    await db.connect();
  });
  after(async () => {
    await db.end();
    await app.stop();
  });

  const backendPid = async (em = orm.em.fork()) =>
    (await query<{ pid: number }>(em, 'SELECT pg_backend_pid() AS pid FROM pg_sleep(0.05)'))[0].pid;

  it('runs statements outside a transaction on at most DB_STATEMENT_POOL_MAX connections, apart from the ORM pool', async () => {
    const outside = new Set(await Promise.all(Array.from({ length: 12 }, () => backendPid())));
    expect(outside.size).to.be.within(1, MAX);
    expect(statementPool(orm.em.getKnex())!.totalCount).to.be.within(1, MAX);
    // Inside a transaction, a statement runs on the transaction's connection, one of the ORM pool's.
    const inside = await orm.em.fork().transactional(async (em) => {
      const pid = await backendPid(em);
      expect(await backendPid(em)).to.equal(pid);
      return pid;
    });
    expect(outside.has(inside)).to.equal(false);
  });

  it('answers the same values as a connection of the ORM pool (same type parsers and session settings)', async () => {
    const text = `SELECT '2026-11-27 10:00:00+01'::timestamptz AS at, '2026-11-27'::date AS day,
        ARRAY['2026-01-01'::date, '2026-02-01'::date] AS days, '1.50'::numeric AS amount, 42::int AS n,
        9007199254740993::bigint AS big, '{"a": [1, "b"]}'::jsonb AS doc, interval '1 day 2 hours' AS span,
        true AS yes, NULL::text AS nothing, '7f1c7b2e-3a4d-4c55-9d6e-0a1b2c3d4e5f'::uuid AS id,
        current_setting('statement_timeout') AS statement_timeout, current_setting('TimeZone') AS zone`;
    const [outside] = await query<Record<string, unknown>>(orm.em.fork(), text);
    const [inside] = await orm.em.fork().transactional((em) => query<Record<string, unknown>>(em, text));
    expect(outside).to.deep.equal(inside);
    expect(outside).to.include({ statement_timeout: '7s', day: '2026-11-27', big: '9007199254740993' });
    expect(outside.days).to.deep.equal(['2026-01-01', '2026-02-01']);
  });

  it("names a failed statement in its error, as on the ORM's connections", async () => {
    const err = await query(orm.em.fork(), sql('SELECT 1 / (0 * ?::int)', 'test_divide'), [1]).then(
      () => null,
      (e: Error & { code?: string; statement?: string }) => e,
    );
    expect(err).to.include({ code: '22012', statement: 'test_divide' });
  });

  it('drops a connection the server ends while it is idle, and goes on serving', async () => {
    const pool = statementPool(orm.em.getKnex())!;
    const removed = new Set<number>();
    const onRemove = (client: pg.PoolClient) =>
      removed.add((client as pg.PoolClient & { processID: number }).processID);
    pool.on('remove', onRemove);
    try {
      const pids = [...new Set(await Promise.all(Array.from({ length: 6 }, () => backendPid())))];
      const ended = () => app.logs.filter((l) => l.includes('statement pool: an idle connection ended')).length;
      const before = ended();
      await db.query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [pids]);
      // The app's pollers (outbox, mail, webhooks) use this pool too: a connection one of them holds
      // when it ends fails that poller's statement instead of being reported idle. Either way the
      // pool drops it; each one that ended idle is reported once.
      for (let i = 0; i < 250 && pids.some((pid) => !removed.has(pid)); i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(pids.filter((pid) => !removed.has(pid))).to.deep.equal([]);
      expect(ended() - before).to.be.within(1, pids.length);
      const after = await backendPid();
      expect(pids).to.not.include(after);
      expect((await app.get('/healthz')).status).to.equal(200);
    } finally {
      pool.off('remove', onRemove);
    }
  });

  it('refuses at once, when it closes, the statements still waiting for a connection', async () => {
    const other = await startTestApp({ DB_STATEMENT_POOL_MAX: '1' }, { onContainer: (c) => (orm = c.orm) });
    const stopping = orm;
    try {
      const em = stopping.em.fork();
      const running = query(em, 'SELECT pg_sleep(0.5)');
      // Sent while the one connection runs the first: they wait for it. Unrefused, they would fail only
      // after pg-pool's connection timeout (60 s, past this test's own).
      const waiting = Array.from({ length: 3 }, () => query(em, 'SELECT 1'));
      await new Promise((resolve) => setTimeout(resolve, 100));
      const closed = stopping.close(true);
      const answers = await Promise.allSettled([running, ...waiting]);
      await closed;
      expect(answers.map((a) => a.status)).to.deep.equal(['fulfilled', 'rejected', 'rejected', 'rejected']);
      expect((answers[1] as PromiseRejectedResult).reason.message).to.equal(
        'Cannot use a pool after calling end on the pool',
      );
    } finally {
      await other.stop();
    }
  });

  it('closes its connections with the ORM', async () => {
    const other = await startTestApp({ DB_STATEMENT_POOL_MAX: '2' }, { onContainer: (c) => (orm = c.orm) });
    const stray = new pg.Client({ connectionString: other.databaseUrl });
    await stray.connect();
    try {
      const pids = new Set(await Promise.all(Array.from({ length: 4 }, () => backendPid())));
      expect(pids.size).to.be.within(1, 2);
      await other.stop();
      const { rows } = await stray.query<{ pid: number }>(
        'SELECT pid FROM pg_stat_activity WHERE pid = ANY($1::int[])',
        [[...pids]],
      );
      expect(rows).to.deep.equal([]);
    } finally {
      await stray.end();
    }
  });
});
