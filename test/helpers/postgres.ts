import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../src/core/db/embedded';

/**
 * One embedded PostgreSQL for the whole mocha run, serial or parallel: the run's global setup
 * (./hooks.ts) starts it in the main process and hands its address to that process and to the workers
 * it forks in TEST_POSTGRES_URL. A process without that address (a script using these helpers) starts
 * its own on first use. Every test app gets a database of its own on it.
 */
const SHARED_URL = 'TEST_POSTGRES_URL';
let server: Promise<EmbeddedDatabase> | null = null;
let dataDir: string | null = null;
let counter = 0;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

function startServer(): Promise<EmbeddedDatabase> {
  server ??= (async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'faktura-test-pg-'));
    fs.chmodSync(dataDir, 0o777);
    return startEmbeddedPostgres({
      dataDir: path.join(dataDir, 'data'),
      port: await freePort(),
      database: 'faktura_test',
      durable: false,
    });
  })();
  return server;
}

async function sharedUrl(): Promise<string> {
  return process.env[SHARED_URL] ?? (await startServer()).url;
}

/** The run's global setup: the server every process of the run uses. */
export async function startSharedPostgres(): Promise<void> {
  process.env[SHARED_URL] = (await startServer()).url;
}

/**
 * A new database on the shared server: empty, or a copy of the database `templateUrl` names (which
 * nobody may be connected to; PostgreSQL waits a few seconds for a closing connection to go).
 */
export async function freshDatabaseUrl(templateUrl?: string): Promise<string> {
  const url = await sharedUrl();
  const name = `t_${process.pid}_${++counter}_${Date.now()}`;
  const template = templateUrl ? ` TEMPLATE "${databaseName(templateUrl)}"` : '';
  const admin = new Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"${template}`);
  } finally {
    await admin.end();
  }
  return url.replace(/\/[^/]+$/, `/${name}`);
}

function databaseName(databaseUrl: string): string {
  return new URL(databaseUrl).pathname.slice(1);
}

/**
 * The run's global teardown, and the end of a script using these helpers (scripts/screenshots.ts): stops
 * the server this process started, if any.
 */
export async function stopSharedPostgres(): Promise<void> {
  if (!server) return;
  const s = await server;
  server = null;
  delete process.env[SHARED_URL];
  // The data is thrown away: no shutdown checkpoint (it took longer than the hook's timeout under load),
  // and a server still not gone after 10 s (a loaded machine) is killed outright by its postmaster.pid.
  const stopped = s.stop('immediate').then(() => true);
  const gone = await Promise.race([
    stopped,
    new Promise<boolean>((resolve) => setTimeout(resolve, 10_000, false).unref()),
  ]);
  if (!gone && dataDir) killPostmaster(path.join(dataDir, 'data'));
  if (dataDir) await fs.promises.rm(dataDir, { recursive: true, force: true, maxRetries: 3 });
}

function killPostmaster(data: string): void {
  try {
    const pid = Number(fs.readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
    if (pid > 0) process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
}
