import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../src/core/db/embedded';

/** One embedded PostgreSQL per mocha process; every test app gets a database of its own. */
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

async function shared(): Promise<EmbeddedDatabase> {
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

/** A new, empty database on the shared server. */
export async function freshDatabaseUrl(): Promise<string> {
  const { url } = await shared();
  const name = `t_${process.pid}_${++counter}_${Date.now()}`;
  const admin = new Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  return url.replace(/\/[^/]+$/, `/${name}`);
}

export async function stopSharedPostgres(): Promise<void> {
  if (!server) return;
  const s = await server;
  server = null;
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
