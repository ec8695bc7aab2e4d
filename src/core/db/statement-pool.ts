import type { Knex } from '@mikro-orm/postgresql';
import { Pool, type PoolConfig } from 'pg';

/**
 * Hand-written statements outside a transaction (core/db/sql.ts) run on a node-postgres Pool of
 * their own, not on knex's pool, which MikroORM's transactions and queries keep using.
 *
 * Why: a connection from knex's pool (tarn) costs about 25 promises and two timers per acquire (its
 * acquire timeout and an asynchronous validation); one from a pg Pool about three. An API-key GET
 * /api/v1/organization runs a single statement (it authenticates and counts the request), so that
 * was a large part of its cost. With this pool (and 4 backends for these statements instead of up to
 * 16) the app served 21 % more API-key reads, with 17 % less Node and 23 % less PostgreSQL CPU per
 * request: docs/benchmarks.md, "Issue 31, fourth round".
 *
 * Its connections are made with knex's own connection settings (address, credentials, the session
 * timeouts, MikroORM's type parsers), so a statement answers the same values on either pool
 * (test/core/statement-pool.test.ts). At most `max` connections; an idle one closes after 10 s; a
 * connection the server ends while idle is dropped and reported through `log`, never thrown.
 */
const pools = new WeakMap<object, Pool>();

interface KnexPgClient {
  /** knex keeps the password as a non-enumerable property of these settings. */
  connectionSettings: PoolConfig & { password?: PoolConfig['password'] };
  config: { acquireConnectionTimeout?: number };
}

/**
 * Opens the statement pool of `knex` (the ORM's root knex); `end` closes it and its connections (again:
 * the same promise).
 */
export function openStatementPool(knex: Knex, max: number, log: (message: string) => void): { end(): Promise<void> } {
  const client = knex.client as KnexPgClient;
  const settings = client.connectionSettings;
  const pool = new Pool({
    ...settings,
    password: settings.password,
    max,
    idleTimeoutMillis: 10_000,
    // As long as knex waits for a free connection before giving up.
    connectionTimeoutMillis: client.config.acquireConnectionTimeout ?? 60_000,
  });
  pool.on('error', (err) => log(`statement pool: an idle connection ended: ${err.message}`));
  pools.set(knex.client as object, pool);
  // pool.end() resolves once no connection is left in the pool, before their sockets close: `end`
  // also waits for that, so a stopped process has said goodbye to the server on each of them.
  let open = 0;
  pool.on('connect', () => open++);
  pool.on('remove', () => open--);
  const end = async () => {
    const ended = pool.end();
    refuseWaiting(pool);
    await ended;
    // Not events.once: it would reject on an 'error' of the pool, which only reports a dropped connection.
    while (open > 0) await new Promise((resolve) => pool.once('remove', resolve));
  };
  let ending: Promise<void> | undefined;
  // Once ended, a statement is refused at once ("Cannot use a pool after calling end on the pool").
  return { end: () => (ending ??= end()) };
}

/**
 * pg-pool's end() leaves the statements still waiting for a connection unanswered: each would fail only
 * after connectionTimeoutMillis (60 s), and a stopping process waits for the work that sent it (a poll,
 * a job). They are refused at once here, as pg-pool refuses the statements sent after end(). pg-pool
 * has no public way to do this: its queue of waiters (`_pendingQueue`, pg-pool 3.14), each called back
 * with the error as its own timeout would. test/core/statement-pool.test.ts fails if that changes.
 */
function refuseWaiting(pool: Pool): void {
  const waiting = (pool as unknown as { _pendingQueue?: { callback(err: Error): void }[] })._pendingQueue;
  for (const item of waiting?.splice(0) ?? []) {
    item.callback(new Error('Cannot use a pool after calling end on the pool'));
  }
}

/** The statement pool opened for this knex (not for a transaction), if any. */
export function statementPool(knex: Knex): Pool | undefined {
  return pools.get(knex.client as object);
}
