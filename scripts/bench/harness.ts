import { randomBytes } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface HttpResult {
  status: number;
  body: any;
}

export interface BenchCompany {
  token: string;
  organizationId: string;
  apiKey: string;
}

/** What a scenario can use to prepare its requests against a running server. */
export interface BenchHarness {
  url: string;
  request(
    method: string,
    path: string,
    body?: unknown,
    token?: string,
    headers?: Record<string, string>,
  ): Promise<HttpResult>;
  /** A fresh company on plan AI (unlimited quota) with an API key. */
  company(): Promise<BenchCompany>;
}

export interface AutocannonRequest {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface BenchScenario {
  name: string;
  /** Extra environment of the server process this scenario runs against (one server per distinct env). */
  serverEnv?: Record<string, string>;
  connections?: number;
  durationSeconds?: number;
  /**
   * A scenario that is more than one autocannon run (e.g. the webhook fan-out against a baseline):
   * runs against the started server and returns the markdown lines to report. `prepare` is then unused.
   */
  run?(server: BenchServer): Promise<string[]>;
  /** Runs in the benchmark process alone (no server started): returns the markdown lines to report. */
  local?(): Promise<string[]>;
  prepare?(
    h: BenchHarness,
  ): Promise<
    | AutocannonRequest
    | { requests: AutocannonRequest[] }
    | { setupRequest: (req: AutocannonRequest) => AutocannonRequest; base: AutocannonRequest }
  >;
}

/** The load average (1/5/15 min) as printed beside every figure: "0.91 / 0.50 / 1.18". */
export const loadAverage = (): string =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');

/**
 * POST /api/test/jobs/run-due, answered once the due jobs ran. Through node:http, which waits as long as it takes:
 * a large export or 10,000 recurring series run longer than the 300 s fetch waits for an answer.
 */
export function runDueJobs(server: BenchServer): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${server.url}/api/test/jobs/run-due`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () =>
        res.statusCode === 200 ? resolve() : reject(new Error(`run-due: ${res.statusCode} ${text}`)),
      );
    });
    req.end('{}');
  });
}

/** A free TCP port on 127.0.0.1 (for a server or an embedded PostgreSQL a benchmark starts). */
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

export interface BenchServer {
  url: string;
  /** The server process (its embedded PostgreSQL runs as its descendants). */
  pid: number;
  /** The server's embedded PostgreSQL, for raw baselines run beside it. */
  databaseUrl: string;
  harness: BenchHarness;
  stop(): Promise<void>;
}

/**
 * One master key for every server of a bench run: servers sharing a database (DATABASE_URL in
 * `extraEnv`) must open each other's sealed secrets, and each has its own DATA_DIR (and key file).
 */
const BENCH_MASTER_KEY = randomBytes(32).toString('hex');

/**
 * Starts `npm start`'s entry point as a separate process on 127.0.0.1 with its own embedded database
 * (or the one DATABASE_URL in `extraEnv` names). `onLogLine` receives each line the server logs to stdout.
 */
export async function startServer(
  extraEnv: Record<string, string> = {},
  onLogLine?: (line: string) => void,
): Promise<BenchServer> {
  const port = await freePort();
  const pgPort = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'faktura-bench-'));
  fs.chmodSync(dataDir, 0o777);
  // The server runs with the flags of `npm start` (a 64 MB young generation: fewer scavenges, the POS p99
  // fell from 54 to 41 ms); BENCH_SERVER_NODE_ARGS adds more, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"
  // (not allowed in NODE_OPTIONS).
  const nodeArgs = [
    '--max-semi-space-size=64',
    ...(process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean),
  ];
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, '-r', '@swc-node/register', 'src/main.ts'], {
    cwd: path.join(__dirname, '..', '..'),
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      FAKTURA_MASTER_KEY: BENCH_MASTER_KEY,
      EMBEDDED_PG_PORT: String(pgPort),
      TEST_CONTROLS: '1',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
      // Scenarios sign up many companies from 127.0.0.1: the per-address sign-in limits are off.
      AUTH_SIGNUPS_PER_IP_HOUR: '0',
      AUTH_FAILED_PER_IP_MINUTE: '0',
      ...extraEnv,
    },
    stdio: ['ignore', onLogLine ? 'pipe' : 'ignore', 'inherit'],
  });
  if (onLogLine) {
    let pending = '';
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      const lines = (pending + chunk).split('\n');
      pending = lines.pop()!;
      for (const line of lines) if (line) onLogLine(line);
    });
  }
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error('server did not become ready');
    await new Promise((r) => setTimeout(r, 200));
  }

  const request: BenchHarness['request'] = async (method, p, body, token, headers = {}) => {
    const h: Record<string, string> = { ...headers };
    if (token) h.authorization = `Bearer ${token}`;
    if (body !== undefined && !h['content-type']) h['content-type'] = 'application/json';
    const res = await fetch(url + p, {
      method,
      headers: h,
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      redirect: 'manual',
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: res.status, body: parsed };
  };
  let n = 0;
  const harness: BenchHarness = {
    url,
    request,
    async company() {
      const signup = await request('POST', '/api/v1/auth/signup', {
        companyName: 'Bench s.r.o.',
        email: `bench-${process.pid}-${++n}-${Date.now()}@example.cz`,
        password: 'benchmark password',
      });
      if (signup.status !== 201) throw new Error(`signup failed: ${JSON.stringify(signup.body)}`);
      const { token, organization } = signup.body;
      await request('PUT', `/api/test/organizations/${organization.id}/plan`, { plan: 'AI' });
      const key = await request('POST', '/api/v1/api-keys', { name: 'bench' }, token);
      if (key.status !== 201) throw new Error(`api key failed: ${JSON.stringify(key.body)}`);
      return { token, organizationId: organization.id, apiKey: key.body.key };
    },
  };
  return {
    url,
    pid: child.pid!,
    databaseUrl: `postgres://faktura:faktura@127.0.0.1:${pgPort}/faktura`,
    harness,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
