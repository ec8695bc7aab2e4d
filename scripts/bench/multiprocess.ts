import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { Client } from 'pg';
import { startServer, type BenchScenario } from './harness';
import { serverCpu } from './pos';

/**
 * More than one process (issue 31 point 4): the same mixed load against one ROLE=all process and then
 * against `npm run cluster -- --api 2 --workers 1` (two ROLE=api processes behind node:cluster's
 * round-robin, one ROLE=worker, one database), in one run. The load, per connection in turn: POST
 * /api/v1/documents (an ISSUED invoice with 3 items, which records document.created), GET
 * /api/v1/documents/:id, GET /api/v1/organization, all with one API key, BENCH_MP_REQUESTS requests in
 * all (a fixed number, so every request the server counted was answered); a webhook endpoint on a
 * receiver in this process gets every document.created.
 *
 * Figures: requests/s of the load, and the whole job's rate (requests and webhook deliveries, from the
 * first request to the last delivery); the cluster's over the single process's. After each run it checks,
 * in SQL and at the receiver: one outbox event per document, one delivery per event, each delivered once
 * (by document id and by delivery id), the API key's quota counter equal to the requests made, the
 * invoice numbers unique and gapless. Not a test: it reports, it asserts nothing.
 */
const REQUESTS = Number(process.env.BENCH_MP_REQUESTS ?? 3000);
const CONNECTIONS = 32;
const API_PROCESSES = Number(process.env.BENCH_MP_API ?? 2);
const WORKERS = Number(process.env.BENCH_MP_WORKERS ?? 1);
const WAIT_FOR_DELIVERIES_MS = 180_000;
const ROOT = path.join(__dirname, '..', '..');
const MASTER_KEY = randomBytes(32).toString('hex');
const ENV = {
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: '1',
  TEST_CONTROLS: '1',
  AUTH_SIGNUPS_PER_IP_HOUR: '0',
  AUTH_FAILED_PER_IP_MINUTE: '0',
  FAKTURA_MASTER_KEY: MASTER_KEY,
  LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
};
const DOCUMENT = JSON.stringify({
  type: 'INVOICE',
  status: 'ISSUED',
  clientName: 'Bench s.r.o.',
  items: [
    { name: 'Konzultace', quantity: 2, unit: 'h', unitPrice: 1500, vatRate: 21 },
    { name: 'Licence', quantity: 1, unit: 'ks', unitPrice: 4990, vatRate: 21 },
    { name: 'Kniha', quantity: 3, unit: 'ks', unitPrice: 350, vatRate: 12 },
  ],
});

const loadavg = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');

interface Target {
  url: string;
  databaseUrl: string;
  /** The root of the process tree (the app, or the cluster's primary) for its CPU time. */
  pid: number;
  stop(): Promise<void>;
}

/** Receives webhooks on 127.0.0.1 and counts each document.created by document id and by delivery id. */
async function startReceiver() {
  const byDocument = new Map<string, number>();
  const byDelivery = new Map<string, number>();
  let lastAt = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: string; data: { id: string } };
      byDelivery.set(body.id, (byDelivery.get(body.id) ?? 0) + 1);
      byDocument.set(body.data.id, (byDocument.get(body.data.id) ?? 0) + 1);
      lastAt = performance.now();
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}/hook`,
    byDocument,
    byDelivery,
    lastAt: () => lastAt,
    reset() {
      byDocument.clear();
      byDelivery.clear();
      lastAt = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve()).closeAllConnections()),
  };
}
type Receiver = Awaited<ReturnType<typeof startReceiver>>;

async function call(url: string, method: string, p: string, body?: unknown, token?: string): Promise<any> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(url + p, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const json = await res.json();
  if (res.status >= 300) throw new Error(`${method} ${p}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** `npm run cluster` as an operator starts it, with its own embedded PostgreSQL; resolves once every process listens. */
async function startCluster(): Promise<Target> {
  const port = await freePort();
  const pgPort = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'faktura-cluster-'));
  fs.chmodSync(dataDir, 0o777);
  const child = spawn(
    process.execPath,
    ['-r', '@swc-node/register', 'scripts/cluster.ts', '--api', String(API_PROCESSES), '--workers', String(WORKERS)],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        ...ENV,
        NODE_ENV: 'development',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        EMBEDDED_PG_PORT: String(pgPort),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  await new Promise<void>((resolve, reject) => {
    let pending = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      pending += chunk;
      if (pending.includes('"cluster ready"')) resolve();
      pending = pending.slice(-200);
    });
    void exited.then(() => reject(new Error('the cluster exited before it was ready')));
  });
  child.stdout.resume();
  return {
    url: `http://127.0.0.1:${port}`,
    databaseUrl: `postgres://faktura:faktura@127.0.0.1:${pgPort}/faktura`,
    pid: child.pid!,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The mixed load against `target`, then the checks; the markdown row's figures. */
async function measure(name: string, target: Target, receiver: Receiver) {
  const signup = await call(target.url, 'POST', '/api/v1/auth/signup', {
    companyName: 'Bench s.r.o.',
    email: `bench-${process.pid}-${Date.now()}@example.cz`,
    password: 'benchmark password',
  });
  const { token } = signup;
  const organizationId: string = signup.organization.id;
  await call(target.url, 'PUT', `/api/test/organizations/${organizationId}/plan`, { plan: 'AI' });
  const key = await call(target.url, 'POST', '/api/v1/api-keys', { name: 'load' }, token);
  await call(
    target.url,
    'POST',
    '/api/v1/webhooks',
    { name: 'receiver', url: receiver.url, events: ['document.created'] },
    token,
  );
  const read = await call(target.url, 'POST', '/api/v1/documents', JSON.parse(DOCUMENT), token);
  const headers = { authorization: `Bearer ${key.key}`, 'content-type': 'application/json' };
  const cpuBefore = serverCpu(target.pid);
  const loadStart = loadavg();
  const started = performance.now();
  const result = await autocannon({
    url: target.url,
    connections: CONNECTIONS,
    amount: REQUESTS,
    // A loaded shared machine answers slowly: a request given up at autocannon's 10 s would still be counted.
    timeout: 60,
    requests: [
      { method: 'POST', path: '/api/v1/documents', headers, body: DOCUMENT },
      { method: 'GET', path: `/api/v1/documents/${read.id}`, headers },
      { method: 'GET', path: '/api/v1/organization', headers },
    ] as never,
  });
  const loadMs = performance.now() - started;
  const cpuAfter = serverCpu(target.pid);

  const db = new Client({ connectionString: target.databaseUrl });
  await db.connect();
  try {
    const documents = (
      await db.query<{ id: string; number: string }>(
        `SELECT id, number FROM documents WHERE organization_id = $1 AND type = 'INVOICE'`,
        [organizationId],
      )
    ).rows;
    const deadline = performance.now() + WAIT_FOR_DELIVERIES_MS;
    while (receiver.byDocument.size < documents.length && performance.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    const doneMs = receiver.lastAt() - started;
    // Later copies of a delivery would show here: wait a little past the last one before counting.
    await new Promise((r) => setTimeout(r, 1500));
    const loadEnd = loadavg();
    const events = (
      await db.query<{ n: string; distinct: string }>(
        `SELECT count(*) AS n, count(DISTINCT data->>'id') AS distinct FROM event_outbox
          WHERE organization_id = $1 AND event = 'document.created'`,
        [organizationId],
      )
    ).rows[0];
    const deliveries = (
      await db.query<{ n: string; distinct: string; delivered: string }>(
        `SELECT count(*) AS n, count(DISTINCT (body::jsonb)->'data'->>'id') AS distinct,
                count(*) FILTER (WHERE status = 'DELIVERED') AS delivered
           FROM webhook_deliveries WHERE organization_id = $1 AND event = 'document.created'`,
        [organizationId],
      )
    ).rows[0];
    const used = (
      await db.query<{ used: string }>(`SELECT used FROM quota_usage WHERE credential_id = $1`, [key.id])
    ).rows.reduce((sum, r) => sum + Number(r.used), 0);
    const sequences = documents.map((d) => Number(/(\d+)$/.exec(d.number)![1])).sort((a, b) => a - b);
    const n = documents.length;
    const checks = {
      'answers 2xx': result.non2xx === 0 && result.errors === 0 && result.requests.total === REQUESTS,
      'one outbox event per document': Number(events.n) === n && Number(events.distinct) === n,
      'one delivery per event, delivered': Number(deliveries.n) === n && Number(deliveries.distinct) === n,
      'each delivered once (receiver)':
        receiver.byDocument.size === n &&
        documents.every((d) => receiver.byDocument.get(d.id) === 1) &&
        [...receiver.byDelivery.values()].every((c) => c === 1),
      'quota = requests made': used === REQUESTS,
      'numbers unique and gapless':
        new Set(sequences).size === n && sequences[n - 1] - sequences[0] === n - 1 && sequences[0] === 1,
    };
    const failed = Object.entries(checks)
      .filter(([, ok]) => !ok)
      .map(([check]) => check);
    const cpuMs = cpuBefore && cpuAfter ? cpuAfter.app + cpuAfter.postgres - cpuBefore.app - cpuBefore.postgres : NaN;
    return {
      name,
      rps: (REQUESTS / loadMs) * 1000,
      jobRate: ((REQUESTS + n) / doneMs) * 1000,
      p50: result.latency.p50,
      p99: result.latency.p99,
      doneS: doneMs / 1000,
      cpuPerRequest: cpuMs / REQUESTS,
      detail: `${result.requests.total} answers (${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts), ${n} documents, ${events.n} events, ${deliveries.n} deliveries (${deliveries.delivered} DELIVERED), ${receiver.byDocument.size} documents at the receiver, ${[...receiver.byDelivery.values()].reduce((a, b) => a + b, 0)} POSTs, quota ${used}/${REQUESTS}, numbers ${sequences[0]}…${sequences[n - 1]}`,
      checks: failed.length ? `**failed: ${failed.join(', ')}**` : 'all pass',
      loadStart,
      loadEnd,
    };
  } finally {
    await db.end();
  }
}

async function multiprocess(): Promise<string[]> {
  const receiver = await startReceiver();
  const rows: Awaited<ReturnType<typeof measure>>[] = [];
  try {
    const single = await startServer(ENV);
    try {
      rows.push(await measure('one process, ROLE=all', single, receiver));
    } finally {
      await single.stop();
    }
    receiver.reset();
    const clustered = await startCluster();
    try {
      rows.push(await measure(`cluster: ${API_PROCESSES} × ROLE=api + ${WORKERS} × ROLE=worker`, clustered, receiver));
    } finally {
      await clustered.stop();
    }
  } finally {
    await receiver.close();
  }
  const [base, cluster] = rows;
  const cores = os.availableParallelism();
  const target = cores >= 4 ? 1.6 : 1.0;
  const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}x`;
  const met = (a: number, b: number) => (a / b >= target ? 'yes' : 'no');
  return [
    `${REQUESTS} requests (⅓ POST /api/v1/documents, ⅓ GET /api/v1/documents/:id, ⅓ GET /api/v1/organization), ${CONNECTIONS} connections, one API key; webhooks on document.created to 127.0.0.1; ${cores} cores (target ${target}x: ${cores >= 4 ? '1.6x on 4 cores or more' : 'the same throughput on fewer than 4 cores'})`,
    '',
    '| run | requests/s | p50 ms | p99 ms | last webhook s | requests + webhooks /s | CPU ms / request (all processes + PostgreSQL) | checks | load average start → end |',
    '|---|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.doneS.toFixed(2)} | ${r.jobRate.toFixed(0)} | ${r.cpuPerRequest.toFixed(2)} | ${r.checks} | ${r.loadStart} → ${r.loadEnd} |`,
    ),
    '',
    '| figure | cluster | baseline (ROLE=all) | ratio | target | met? |',
    '|---|---|---|---|---|---|',
    `| requests/s | ${cluster.rps.toFixed(0)} | ${base.rps.toFixed(0)} | ${ratio(cluster.rps, base.rps)} | ${target}x | ${met(cluster.rps, base.rps)} |`,
    `| requests + webhooks /s (to the last delivery) | ${cluster.jobRate.toFixed(0)} | ${base.jobRate.toFixed(0)} | ${ratio(cluster.jobRate, base.jobRate)} | ${target}x | ${met(cluster.jobRate, base.jobRate)} |`,
    '',
    ...rows.map((r) => `- ${r.name}: ${r.detail}`),
  ];
}

export const multiprocessScenarios: BenchScenario[] = [
  { name: 'Multiprocess: mixed load, one ROLE=all process vs the cluster', local: multiprocess },
];
