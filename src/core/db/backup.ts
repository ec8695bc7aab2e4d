import fs from 'node:fs';
import readline from 'node:readline';
import { once } from 'node:events';
import zlib from 'node:zlib';
import type { MigrationObject } from '@mikro-orm/core';
import { Client } from 'pg';
import { initOrm, type Persistence } from './orm';
import * as Q from './backup.queries';

/**
 * Backup and restore of the whole database, for the embedded default (README "Backup and restore").
 *
 * The package that ships the embedded server carries initdb, pg_ctl and postgres but no pg_dump or
 * pg_restore, and a pg_dump older than the server refuses to dump it; so the dump is made here: one
 * REPEATABLE READ READ ONLY transaction (a consistent snapshot, taken while the app runs and blocking
 * nobody) reads every table's rows, each a JSON array of its columns' text forms (as COPY writes them),
 * and the sequences' positions into a gzip file:
 *
 *   FAKTURA-BACKUP 1
 *   {header: format, created, server version, migrations applied, master key id}
 *   T {"schema","name","columns"}   then one JSON array per row and line, then   E <row count>
 *   S [sequences]
 *   END
 *
 * The schema is not in the file: a restore applies the same migrations (up to the backup's last),
 * then loads the rows through PostgreSQL's own input functions (each text cast to its column's type, so
 * numbers, timestamps, bytea and jsonb round-trip exactly), with foreign-key triggers off, in one
 * transaction.
 */
const MAGIC = 'FAKTURA-BACKUP 1';
const BATCH_ROWS = 2_000;
const BATCH_CHARS = 8 * 1024 * 1024;

export class BackupError extends Error {}

export interface BackupHeader {
  format: 1;
  createdAt: string;
  postgres: string;
  migrations: string[];
  /** The id (8 hex of its SHA-256) of the master key that sealed the secrets; null when unknown. */
  masterKeyId: string | null;
}

export interface BackupSummary {
  file: string;
  tables: number;
  rows: number;
  header: BackupHeader;
}

export async function backupDatabase(url: string, file: string, masterKeyId: string | null): Promise<BackupSummary> {
  const client = new Client({ connectionString: url });
  await client.connect();
  const partial = `${file}.partial`;
  const out = fs.createWriteStream(partial, { mode: 0o600 });
  const gzip = zlib.createGzip({ level: 6 });
  gzip.pipe(out);
  const write = async (line: string) => {
    if (!gzip.write(`${line}\n`)) await once(gzip, 'drain');
  };
  let rows = 0;
  let tables = 0;
  try {
    await client.query(Q.SNAPSHOT);
    const header: BackupHeader = {
      format: 1,
      createdAt: new Date().toISOString(),
      postgres: (
        (await client.query<{ server_version: string }>(Q.SERVER_VERSION)).rows[0]?.server_version ?? ''
      ).split(' ')[0],
      migrations: await appliedMigrations(client),
      masterKeyId,
    };
    await write(MAGIC);
    await write(JSON.stringify(header));
    const all = (await client.query<{ schema: string; name: string }>(Q.TABLES)).rows;
    for (const t of all) {
      if (t.schema === 'public' && t.name === Q.MIGRATIONS_TABLE) continue;
      tables++;
      const table = Q.qualified(t.schema, t.name);
      const columns = (await client.query<{ name: string }>(Q.WRITABLE_COLUMNS, [table])).rows.map((c) => c.name);
      await write(`T ${JSON.stringify({ schema: t.schema, name: t.name, columns })}`);
      await client.query(Q.readCursor(table, columns));
      let count = 0;
      for (;;) {
        const batch = (await client.query<{ j: string }>(Q.FETCH_ROWS(BATCH_ROWS))).rows;
        for (const r of batch) await write(r.j);
        count += batch.length;
        if (batch.length < BATCH_ROWS) break;
      }
      await client.query(Q.CLOSE_CURSOR);
      await write(`E ${count}`);
      rows += count;
    }
    const sequences = (await client.query<{ schema: string; name: string; value: string | null }>(Q.SEQUENCES)).rows;
    await write(`S ${JSON.stringify(sequences)}`);
    await write('END');
    await client.query('COMMIT');
    gzip.end();
    await once(out, 'close');
    const fd = fs.openSync(partial, 'r');
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    fs.renameSync(partial, file);
    return { file, tables, rows, header };
  } catch (err) {
    gzip.destroy();
    out.destroy();
    fs.rmSync(partial, { force: true });
    throw err;
  } finally {
    await client.end();
  }
}

/** The header of a backup file, without reading the rows (the restore checks it before it starts). */
export async function readBackupHeader(file: string): Promise<BackupHeader> {
  const lines = backupLines(file);
  try {
    const first = await lines.next();
    const second = await lines.next();
    if (first.done || first.value !== MAGIC || second.done) throw new BackupError(`${file} is not a Faktura backup`);
    return JSON.parse(second.value) as BackupHeader;
  } finally {
    await lines.return(undefined);
  }
}

/**
 * Loads a backup into the database at `url`, which must hold no Faktura data (no migration applied):
 * applies the backup's migrations, empties what they seeded, loads every table and sets the sequences,
 * all in one transaction (a broken or truncated file leaves the database as it was).
 */
export async function restoreDatabase(
  url: string,
  file: string,
  persistence: Persistence,
  /** Creates the tables made outside migrations (the job scheduler's), after the migrations ran. */
  prepare: () => Promise<void> = () => Promise.resolve(),
): Promise<{ tables: number; rows: number; header: BackupHeader }> {
  const header = await readBackupHeader(file);
  const known = new Set(persistence.migrations.map((m: MigrationObject) => m.name));
  const unknown = header.migrations.filter((m) => !known.has(m));
  if (unknown.length > 0)
    throw new BackupError(
      `the backup was made by a newer Faktura (migration ${unknown[0]} is unknown here); restore it with that version or newer`,
    );

  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    if ((await client.query<{ present: boolean }>(Q.MIGRATIONS_TABLE_EXISTS)).rows[0]?.present) {
      const applied = await appliedMigrations(client);
      if (applied.length > 0)
        throw new BackupError(
          'the database is not empty (Faktura data is already there); restore into a new DATA_DIR, or an empty DATABASE_URL database',
        );
    }
    await migrateTo(url, persistence, header.migrations);
    await prepare();
    const now = await appliedMigrations(client);
    if (now.join('\n') !== header.migrations.join('\n'))
      throw new BackupError(
        'the migrations applied here differ from the backup’s; restore with the same Faktura version',
      );

    const all = (await client.query<{ schema: string; name: string }>(Q.TABLES)).rows.filter(
      (t) => !(t.schema === 'public' && t.name === Q.MIGRATIONS_TABLE),
    );
    await client.query('BEGIN');
    await client.query(Q.REPLICA_ROLE);
    if (all.length > 0) await client.query(Q.truncateAll(all.map((t) => Q.qualified(t.schema, t.name))));
    const result = await loadRows(client, file, new Set(all.map((t) => Q.qualified(t.schema, t.name))));
    await client.query('COMMIT');
    return { ...result, header };
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    await client.end();
  }
}

async function loadRows(client: Client, file: string, tables: Set<string>): Promise<{ tables: number; rows: number }> {
  let table: string | null = null;
  let insert = '';
  let batch: string[] = [];
  let chars = 0;
  let count = 0;
  let rows = 0;
  let loaded = 0;
  let ended = false;
  const flush = async () => {
    if (batch.length === 0) return;
    await client.query(insert, [`[${batch.join(',')}]`]);
    batch = [];
    chars = 0;
  };
  let n = 0;
  for await (const line of backupLines(file)) {
    n++;
    if (n <= 2) continue; // magic and header, checked before
    if (ended) throw new BackupError(`${file} has data after its end`);
    if (line.startsWith('[')) {
      if (!table) throw new BackupError(`${file} is damaged (a row outside a table, line ${n})`);
      batch.push(line);
      chars += line.length;
      count++;
      if (batch.length >= BATCH_ROWS || chars >= BATCH_CHARS) await flush();
    } else if (line.startsWith('T ')) {
      const t = JSON.parse(line.slice(2)) as { schema: string; name: string; columns: string[] };
      table = Q.qualified(t.schema, t.name);
      if (!tables.has(table))
        throw new BackupError(`the backup holds table ${table}, which the migrations did not create here`);
      const here = new Map(
        (await client.query<{ name: string; type: string }>(Q.WRITABLE_COLUMNS, [table])).rows.map((c) => [c.name, c]),
      );
      const missing = t.columns.find((c) => !here.has(c));
      if (missing) throw new BackupError(`the backup holds column ${missing} of ${table}, which is not here`);
      insert = Q.insertRows(
        table,
        t.columns.map((c) => here.get(c)!),
      );
      count = 0;
    } else if (line.startsWith('E ')) {
      await flush();
      if (Number(line.slice(2)) !== count)
        throw new BackupError(`${file} is damaged (table ${table}: ${count} rows, ${line.slice(2)} expected)`);
      rows += count;
      loaded++;
      table = null;
    } else if (line.startsWith('S ')) {
      const sequences = JSON.parse(line.slice(2)) as { schema: string; name: string; value: string | null }[];
      for (const s of sequences)
        if (s.value !== null) await client.query(Q.SET_SEQUENCE, [Q.qualified(s.schema, s.name), s.value]);
    } else if (line === 'END') {
      ended = true;
    } else {
      throw new BackupError(`${file} is damaged (line ${n})`);
    }
  }
  if (!ended) throw new BackupError(`${file} is incomplete (no end mark): nothing was restored`);
  return { tables: loaded, rows };
}

async function appliedMigrations(client: Client): Promise<string[]> {
  const present = (await client.query<{ present: boolean }>(Q.MIGRATIONS_TABLE_EXISTS)).rows[0]?.present;
  if (!present) return [];
  return (await client.query<{ name: string }>(Q.MIGRATIONS_APPLIED)).rows.map((r) => r.name);
}

/** Applies exactly the backup's migrations (a later start applies the newer ones, as for any upgrade). */
async function migrateTo(url: string, persistence: Persistence, migrations: string[]): Promise<void> {
  if (migrations.length === 0) return;
  const orm = await initOrm(url, persistence, 2, () => undefined);
  try {
    await orm.getMigrator().up({ to: migrations[migrations.length - 1] });
  } finally {
    await orm.close(true);
  }
}

async function* backupLines(file: string): AsyncGenerator<string, void, undefined> {
  const input = fs.createReadStream(file).pipe(zlib.createGunzip());
  const rl = readline.createInterface({ input, crlfDelay: Infinity });
  try {
    for await (const line of rl) yield line;
  } catch (err) {
    throw new BackupError(`${file} cannot be read (${(err as Error).message})`);
  } finally {
    rl.close();
    input.destroy();
  }
}
