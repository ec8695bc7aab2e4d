import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { loadConfig } from '../../src/config';
import { loadAverage, startServer, type BenchScenario, type BenchServer } from './harness';
import { serverCpu } from './pos';
import { STATEMENT_LINE } from './statement-line';

/**
 * Issue 31 point 2: API-key GET /api/v1/organization and GET /api/v1/documents/:id beside a raw
 * baseline running the same statements: node:http and a pg Pool (raw-reads-server.ts) replaying,
 * in order, exactly the statements the app sent for one such request. A second app process on the
 * same database, with statement-log.ts preloaded, serves one request of each route to capture them.
 * The raw server's pool has as many connections as the app's statement pool (core/db/statement-pool.ts).
 * Beside them the Koa floor: the raw server's statements through Koa and one middleware (RAW_KOA), what
 * any Koa app pays before its own layers (DESIGN.md fixes Koa), and the minimal app (RAW_KOA=min): the
 * Koa floor plus what the app does for every API-key request, written flat, with AsyncLocalStorage's hooks
 * on as MikroORM turns them on in the app. What separates the app from the minimal app is its own layers.
 * Target: the app at least 80 % of raw, 32 connections, in the same run. BENCH_READS_SECONDS
 * shortens the measured runs (default 10 s); BENCH_READS_ROLE runs the app in that ROLE (default all).
 */
const SECONDS = Number(process.env.BENCH_READS_SECONDS ?? 10);
const CONNECTIONS = 32;
const TARGET = 0.8;

const DOCUMENT = {
  type: 'INVOICE',
  status: 'ISSUED',
  clientName: 'Bench s.r.o.',
  items: [
    { name: 'Consulting', quantity: 3, unit: 'h', unitPrice: 1500, vatRate: 21 },
    { name: 'Books', quantity: 2, unit: 'ks', unitPrice: 450, vatRate: 12 },
    { name: 'Travel', quantity: 1, unit: 'ks', unitPrice: 800, vatRate: 0 },
  ],
};

interface Captured {
  name: string | null;
  text: string;
  values: unknown[];
}

/** The statements the app sends for one request of each path (after a warm-up request of each). */
async function captureStatements(
  server: BenchServer,
  paths: string[],
  headers: Record<string, string>,
): Promise<Record<string, Captured[]>> {
  let lines: Captured[] = [];
  const preload = ['@swc-node/register', path.join(__dirname, 'statement-log.ts')].map((m) => `--require ${m}`);
  const capture = await startServer(
    { DATABASE_URL: server.databaseUrl, ROLE: 'api', NODE_OPTIONS: preload.join(' ') },
    (line) => {
      if (line.startsWith(STATEMENT_LINE)) lines.push(JSON.parse(line.slice(STATEMENT_LINE.length)) as Captured);
    },
  );
  try {
    const out: Record<string, Captured[]> = {};
    for (const p of paths) {
      for (const take of [false, true]) {
        lines = [];
        const res = await capture.harness.request('GET', p, undefined, undefined, headers);
        if (res.status !== 200) throw new Error(`GET ${p}: ${res.status} ${JSON.stringify(res.body)}`);
        await new Promise((r) => setTimeout(r, 300));
        if (take) out[p] = lines;
      }
    }
    return out;
  } finally {
    await capture.stop();
  }
}

/** The raw server (RAW_KOA ''), the Koa floor ('1') or the minimal app ('min'): see raw-reads-server.ts. */
async function startRaw(databaseUrl: string, statements: Record<string, Captured[]>, mode: '' | '1' | 'min') {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'faktura-reads-')), 'statements.json');
  fs.writeFileSync(file, JSON.stringify(statements));
  const child = spawn(process.execPath, ['-r', '@swc-node/register', path.join(__dirname, 'raw-reads-server.ts')], {
    env: {
      ...process.env,
      RAW_DATABASE_URL: databaseUrl,
      RAW_STATEMENTS: file,
      // The app's statements outside a transaction run on its statement pool: as many connections here.
      RAW_POOL_MAX: String(loadConfig({}).DB_STATEMENT_POOL_MAX),
      RAW_KOA: mode,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`raw server exited with ${code}`)));
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      const m = /listening (\d+)/.exec(chunk);
      if (m) resolve(Number(m[1]));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    stop: () => {
      child.kill('SIGTERM');
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    },
  };
}

/** CPU ms of one process (utime + stime), from /proc; 0 where there is none. */
function processCpu(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

interface Run {
  rps: number;
  p50: number;
  p99: number;
  bad: number;
  /** CPU µs per request: the answering process, and PostgreSQL. */
  cpu: { process: number; postgres: number };
}

export const readScenarios: BenchScenario[] = [
  {
    name: 'Reads: API-key GET /api/v1/organization and /api/v1/documents/:id vs raw node:http + pg',
    serverEnv: process.env.BENCH_READS_ROLE ? { ROLE: process.env.BENCH_READS_ROLE } : undefined,
    async run(server) {
      const { apiKey } = await server.harness.company();
      const headers = { authorization: `Bearer ${apiKey}` };
      const created = await server.harness.request('POST', '/api/v1/documents', DOCUMENT, apiKey);
      if (created.status !== 201) throw new Error(`document: ${JSON.stringify(created.body)}`);
      const routes = [
        { label: 'GET /api/v1/organization', path: '/api/v1/organization' },
        { label: 'GET /api/v1/documents/:id', path: `/api/v1/documents/${created.body.id}` },
      ];
      const statements = await captureStatements(
        server,
        routes.map((r) => r.path),
        headers,
      );
      const raw = await startRaw(server.databaseUrl, statements, '');
      const koa = await startRaw(server.databaseUrl, statements, '1');
      const minimal = await startRaw(server.databaseUrl, statements, 'min');
      const out = [`load average (1/5/15 min) at start: ${loadAverage()}`, ''];
      try {
        const measure = async (url: string, pid: number, p: string, duration: number): Promise<Run> => {
          const before = { process: processCpu(pid), pg: serverCpu(server.pid) };
          const r = await autocannon({ url: url + p, connections: CONNECTIONS, duration, headers });
          const after = { process: processCpu(pid), pg: serverCpu(server.pid) };
          const per = (ms: number) => Math.round((ms * 1000) / Math.max(1, r.requests.total));
          return {
            rps: r.requests.average,
            p50: r.latency.p50,
            p99: r.latency.p99,
            bad: r.non2xx + r.errors,
            cpu: {
              process: per(after.process - before.process),
              postgres: before.pg && after.pg ? per(after.pg.postgres - before.pg.postgres) : 0,
            },
          };
        };
        const app = (p: string, d = SECONDS) => measure(server.url, server.pid, p, d);
        const baseline = (p: string, d = SECONDS) => measure(raw.url, raw.pid, p, d);
        const floor = (p: string, d = SECONDS) => measure(koa.url, koa.pid, p, d);
        const least = (p: string, d = SECONDS) => measure(minimal.url, minimal.pid, p, d);
        // Warm-up (JIT, prepared statements, the pools), not measured.
        for (const r of routes) {
          await app(r.path, 3);
          await baseline(r.path, 3);
          await floor(r.path, 3);
          await least(r.path, 3);
        }
        const rows: string[] = [];
        for (const r of routes) {
          // app, raw, Koa, minimal, minimal, Koa, raw, app: a drift of the machine's load over the run hits all alike.
          const a1 = await app(r.path);
          const b1 = await baseline(r.path);
          const k1 = await floor(r.path);
          const m1 = await least(r.path);
          const m2 = await least(r.path);
          const k2 = await floor(r.path);
          const b2 = await baseline(r.path);
          const a2 = await app(r.path);
          const mean = (x: Run, y: Run) => ({
            rps: (x.rps + y.rps) / 2,
            p50: (x.p50 + y.p50) / 2,
            p99: (x.p99 + y.p99) / 2,
            bad: x.bad + y.bad,
            cpu: {
              process: Math.round((x.cpu.process + y.cpu.process) / 2),
              postgres: Math.round((x.cpu.postgres + y.cpu.postgres) / 2),
            },
          });
          const [a, b, k, m] = [mean(a1, a2), mean(b1, b2), mean(k1, k2), mean(m1, m2)];
          const ratio = a.rps / b.rps;
          rows.push(
            `| ${r.label} | ${statements[r.path].length} | ${Math.round(a.rps)} | ${a.p50} / ${a.p99} | ${a.cpu.process} / ${a.cpu.postgres} | ${Math.round(b.rps)} | ${b.p50} / ${b.p99} | ${b.cpu.process} / ${b.cpu.postgres} | **${Math.round(ratio * 100)} %** | ≥ ${TARGET * 100} % | ${ratio >= TARGET ? 'yes' : '**no**'} | ${Math.round(k.rps)} | ${k.cpu.process} / ${k.cpu.postgres} | ${Math.round((k.rps / b.rps) * 100)} % | ${Math.round(m.rps)} | ${m.cpu.process} / ${m.cpu.postgres} | ${Math.round((m.rps / b.rps) * 100)} % | ${a.bad + b.bad + k.bad + m.bad} |`,
          );
        }
        out.push(
          `${CONNECTIONS} connections, ${SECONDS} s per run, app / raw / Koa floor / minimal app / minimal app / Koa floor / raw / app per route (figures: the mean of the two); the Koa floor is the raw server's statements through Koa and one middleware; the minimal app adds, in two middlewares, the request id, error envelope, metric, key hash and quota headers, with AsyncLocalStorage's hooks on`,
          '',
          '| route (API key) | statements | app req/s | app p50 / p99 ms | app CPU µs/req (node / postgres) | raw req/s | raw p50 / p99 ms | raw CPU µs/req (node / postgres) | app / raw | target | met? | Koa floor req/s | Koa floor CPU µs/req (node / postgres) | Koa floor / raw | minimal app req/s | minimal app CPU µs/req (node / postgres) | minimal app / raw | non-2xx + errors |',
          '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
          ...rows,
          '',
          `load average at end: ${loadAverage()}`,
          '',
          'Statements replayed by the raw baseline (as the app sent them):',
          '',
          ...routes.flatMap((r) => [
            `- ${r.label}:`,
            ...statements[r.path].map(
              (s) => `  - ${s.name ? `\`${s.name}\` ` : ''}\`${s.text.replace(/\s+/g, ' ').trim().slice(0, 160)}…\``,
            ),
          ]),
        );
      } finally {
        raw.stop();
        koa.stop();
        minimal.stop();
      }
      return out;
    },
  },
];
