import { MikroORM, ReflectMetadataProvider, type MigrationObject, type Options } from '@mikro-orm/core';
import { PostgreSqlDriver, type EntityManager } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { Client } from 'pg';
import { claimCommitMarker } from '../idempotency/claim-context';
import { openStatementPool } from './statement-pool';

export type Orm = MikroORM<PostgreSqlDriver>;
export type { EntityManager };

/** An entity class (decorated with @Entity). */
export type EntityClass = abstract new (...args: never[]) => object;

/** What the modules declare (`persistence` in src/modules.ts). */
export interface Persistence {
  entities: EntityClass[];
  migrations: MigrationObject[];
}

/**
 * Limits PostgreSQL enforces on every connection of the pool (0 or absent: none). A statement running
 * longer than `statementMs` is cancelled (error 57014); a connection left idle inside a transaction
 * longer than `idleInTransactionMs` is closed by the server, its transaction rolled back.
 */
export interface SessionTimeouts {
  statementMs?: number;
  idleInTransactionMs?: number;
}

export function ormOptions(
  clientUrl: string,
  { entities, migrations: migrationsList }: Persistence,
  poolMax = 16,
  log?: (message: string) => void,
  timeouts: SessionTimeouts = {},
): Options<PostgreSqlDriver> {
  const write = log ?? ((message: string) => process.stdout.write(`${message}\n`));
  // Knex's own warnings (a connection the server closed, e.g. after idle_in_transaction_session_timeout) go the same way.
  const knexLog = (message: unknown) => write(`knex: ${String(message)}`);
  return {
    logger: write,
    driver: PostgreSqlDriver,
    clientUrl,
    entities,
    metadataProvider: ReflectMetadataProvider,
    extensions: [Migrator],
    // A keyed request's transactions mark its Idempotency-Key claim committed (core/idempotency/claim-context.ts).
    subscribers: [claimCommitMarker],
    migrations: { migrationsList, transactional: true, allOrNothing: true, snapshot: false },
    pool: { min: 1, max: poolMax },
    // node-postgres sends these as startup parameters of each connection (a value of 0 is not sent).
    driverOptions: {
      log: { warn: knexLog, error: knexLog, deprecate: knexLog },
      connection: {
        statement_timeout: timeouts.statementMs ?? 0,
        idle_in_transaction_session_timeout: timeouts.idleInTransactionMs ?? 0,
      },
    },
    allowGlobalContext: false,
    forceUtcTimezone: true,
    debug: false,
    discovery: { warnWhenNoEntities: false },
  };
}

/**
 * The ORM, and beside knex's pool of `poolMax` connections the statement pool of `statementPoolMax`
 * for hand-written statements outside a transaction (./statement-pool); `orm.close()` closes both.
 */
export async function initOrm(
  clientUrl: string,
  persistence: Persistence,
  poolMax?: number,
  log?: (message: string) => void,
  timeouts?: SessionTimeouts,
  statementPoolMax = 4,
): Promise<Orm> {
  const orm = await MikroORM.init<PostgreSqlDriver>(ormOptions(clientUrl, persistence, poolMax, log, timeouts));
  const statements = openStatementPool(orm.em.getKnex(), statementPoolMax, log ?? (() => undefined));
  const closeOrm = orm.close.bind(orm);
  orm.close = async (force?: boolean) => {
    await closeOrm(force);
    await statements.end();
  };
  return orm;
}

const MIGRATION_LOCK = 7_331_001;

/** Applies pending migrations; an advisory lock keeps two starting processes from racing. */
export async function migrate(orm: Orm, clientUrl: string, alsoUnderLock?: () => Promise<void>): Promise<string[]> {
  const lock = new Client({ connectionString: clientUrl });
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    const applied = await orm.getMigrator().up();
    if (alsoUnderLock) await alsoUnderLock();
    return applied.map((m) => m.name);
  } finally {
    await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await lock.end();
  }
}
