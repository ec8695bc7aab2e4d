import type { EntityManager, Knex } from '@mikro-orm/postgresql';
import { statementName } from '../observability/error-serializer';
import { statementPool } from './statement-pool';

/**
 * A hand-written statement: `?` placeholders (numbered $1, $2, ... here) and, for the statements on
 * the path of every request, a name. node-postgres then parses and plans a named statement once per
 * pooled connection and afterwards only executes it (for credential lookups planning cost more than
 * running: 0.3 ms of 0.5 ms).
 *
 * The text must contain no other `?` (no jsonb `?` operators: use `jsonb_exists` and friends).
 * Statements live in the `<area>.queries.ts` of the module that owns their tables.
 */
export interface Statement {
  readonly name?: string;
  readonly text: string;
}

/** A statement from SQL with `?` placeholders; `name` makes it a prepared (named) statement. */
export function sql(text: string, name?: string): Statement {
  let n = 0;
  return { name, text: text.replace(/\?/g, () => `$${++n}`) };
}

interface PgConnection {
  query(query: { name?: string; text: string; values: readonly unknown[] }): Promise<{ rows: unknown[] }>;
}

interface ConnectionSource {
  acquireConnection(): Promise<unknown>;
  releaseConnection(connection: unknown): Promise<unknown>;
}

/**
 * The one way hand-written SQL runs: the values travel apart from the text (never escaped into it),
 * on the connection of `em`'s transaction when it has one, else on a connection of the pool.
 * Values go as node-postgres sends them: a JS array becomes a PostgreSQL array (`= ANY(?::uuid[])`),
 * a Date a timestamptz; pass jsonb as `JSON.stringify(value)` with a `?::jsonb` cast.
 */
export async function query<T>(
  em: EntityManager,
  statement: Statement | string,
  values: readonly unknown[] = [],
): Promise<T[]> {
  return queryOn(em.getTransactionContext<Knex.Transaction>() ?? em.getKnex(), statement, values);
}

/** `query` on a given transaction (or pool): for hooks that get the transaction rather than its EntityManager. */
export async function queryOn<T>(
  runner: Knex,
  statement: Statement | string,
  values: readonly unknown[] = [],
): Promise<T[]> {
  const { name, text } = typeof statement === 'string' ? sql(statement) : statement;
  try {
    return (await run(runner, { name, text, values })).rows as T[];
  } catch (err) {
    // The log names the statement (its name, else its verb and table) and never shows its values
    // (see core/observability/error-serializer).
    if (err && typeof err === 'object') Object.assign(err, { statement: name ?? statementName({ sql: text }) });
    throw err;
  }
}

/**
 * On the transaction's own connection (its client hands it out and never releases it); outside a
 * transaction on the statement pool (./statement-pool), or on a connection of knex's pool where the
 * ORM has none.
 */
async function run(runner: Knex, statement: Parameters<PgConnection['query']>[0]): Promise<{ rows: unknown[] }> {
  const pool = runner.isTransaction ? undefined : statementPool(runner);
  if (pool) return pool.query({ ...statement, values: statement.values as unknown[] });
  const source = runner.client as ConnectionSource;
  const connection = (await source.acquireConnection()) as PgConnection;
  try {
    return await connection.query(statement);
  } finally {
    await source.releaseConnection(connection);
  }
}
