import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { Client } from 'pg';
import { freePort, loadAverage, startServer, type BenchScenario } from './harness';

/**
 * More than one process (issue 31 point 4): the same mixed load against one ROLE=all process and then
 * against `npm run cluster -- --api 2 --workers 1` (two ROLE=api processes behind node:cluster's
 * round-robin, one ROLE=worker, one database), in one run. The load: BENCH_MP_COMPANIES companies (4), each
 * with its own API key, numbering series and webhook endpoint, CONNECTIONS / COMPANIES connections each, every
 * connection in turn POST /api/v1/documents (an ISSUED invoice with 3 items, which records document.created),
 * GET /api/v1/documents/:id, GET /api/v1/organization; BENCH_MP_REQUESTS requests in all (a fixed number, so
 * every request the server counted was answered). Several companies, because creations in one series run one
 * at a time whatever the number of processes (the series row stays locked to the commit, issue 31 point 1):
 * with one company the cluster measured that lock, not the processes. The receiver is in this process.
 * Before the measured requests, BENCH_MP_WARMUP requests of the same load (not measured) and their webhooks:
 * both sides are measured warm (each process's JIT, pools and caches), not while the cluster warms three
 * processes and the single process one.
 *
 * Figures: requests/s of the load, and the whole job's rate (requests and webhook deliveries, from the
 * first request to the last delivery); the cluster's over the single process's. After each run it checks,
 * in SQL and at the receiver: one outbox event per document, one delivery per event, each delivered once
 * (by document id and by delivery id), the API key's quota counter equal to the requests made, the
 * invoice numbers unique and gapless (warm-up included). CPU per measured request, from /proc, by process
 * (each ROLE, the cluster's primary, PostgreSQL) over the load and to the last webhook, and the bench
 * process's own. BENCH_MP_CLUSTER_POOL_MAX sets the cluster's DB_POOL_MAX (per process; unset: the default,
 * as the single process). Not a test: it reports, it asserts nothing.
 */
const REQUESTS = Number(process.env.BENCH_MP_REQUESTS ?? 3000);
/** Requests of the same load before the measured ones (not measured), so both sides are measured warm. */
const WARMUP = Number(process.env.BENCH_MP_WARMUP ?? 1500);
const CONNECTIONS = 32;
/** Companies, each with its own numbering series, key and endpoint; CONNECTIONS / COMPANIES connections each. */
const COMPANIES = Number(process.env.BENCH_MP_COMPANIES ?? 4);
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

interface Target {
  url: string;
  databaseUrl: string;
  /** The root of the process tree (the app, or the cluster's primary) for its CPU time. */
  pid: number;
  stop(): Promise<void>;
}

interface TreeProcess {
  pid: number;
  ppid: number;
  /** `postgres`, `primary` (the cluster's), or the Faktura process's ROLE (`all` when unset). */
  role: string;
  /** utime + stime, and for PostgreSQL also the time of the backends it reaped, in ms. */
  cpuMs: number;
}

/** Every process of the tree under `rootPid` (itself included), from /proc; empty off Linux. */
function processTree(rootPid: number): TreeProcess[] {
  if (!fs.existsSync('/proc/self/stat')) return [];
  const all: (Omit<TreeProcess, 'role'> & { postgres: boolean })[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // After the name: state ppid ... utime (11) stime (12) cutime (13) cstime (14), in ticks of 10 ms.
      const postgres = name.startsWith('postgres');
      const ticks = Number(f[11]) + Number(f[12]) + (postgres ? Number(f[13]) + Number(f[14]) : 0);
      all.push({ pid: Number(entry), ppid: Number(f[1]), postgres, cpuMs: ticks * 10 });
    } catch {
      /* gone meanwhile */
    }
  }
  const inTree = new Set([rootPid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const p of all)
      if (!inTree.has(p.pid) && inTree.has(p.ppid)) {
        inTree.add(p.pid);
        grew = true;
      }
  }
  const tree = all.filter((p) => inTree.has(p.pid));
  return tree.map(({ postgres, ...p }) => {
    if (postgres) return { ...p, role: 'postgres' };
    if (tree.some((c) => c.ppid === p.pid && !c.postgres)) return { ...p, role: 'primary' };
    try {
      return { ...p, role: /(?:^|\0)ROLE=(\w+)/.exec(fs.readFileSync(`/proc/${p.pid}/environ`, 'utf8'))?.[1] ?? 'all' };
    } catch {
      return { ...p, role: 'all' };
    }
  });
}

function cpuOf(tree: TreeProcess[]): { node: number; postgres: number } {
  const sum = (list: TreeProcess[]) => list.reduce((ms, p) => ms + p.cpuMs, 0);
  return {
    node: sum(tree.filter((p) => p.role !== 'postgres')),
    postgres: sum(tree.filter((p) => p.role === 'postgres')),
  };
}

/**
 * CPU ms per request of each role between two snapshots of the tree (a process that started or ended
 * between them counts from zero): "api 2.10 + 2.05, worker 1.20, PostgreSQL 2.90".
 */
function cpuByRole(before: TreeProcess[], after: TreeProcess[], requests: number): string {
  const was = new Map(before.map((p) => [p.pid, p.cpuMs]));
  const byRole = new Map<string, number[]>();
  const postgres = { ms: 0 };
  for (const p of after) {
    const ms = p.cpuMs - (was.get(p.pid) ?? 0);
    if (p.role === 'postgres') postgres.ms += ms;
    else byRole.set(p.role, [...(byRole.get(p.role) ?? []), ms]);
  }
  const perRequest = (ms: number) => (ms / requests).toFixed(2);
  return [
    ...[...byRole].map(([role, list]) => `${role} ${list.map(perRequest).join(' + ')}`),
    `PostgreSQL ${perRequest(postgres.ms)}`,
  ].join(', ');
}

/** Peak resident memory (VmHWM) of each Faktura process of the tree, by its ROLE, in MB. */
function peakMemory(tree: TreeProcess[]): string {
  const peaks: string[] = [];
  for (const p of tree.filter((t) => t.role !== 'postgres')) {
    try {
      const status = fs.readFileSync(`/proc/${p.pid}/status`, 'utf8');
      const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
      peaks.push(`${p.role === 'primary' ? 'cluster primary' : p.role} ${Math.round(kb / 1024)} MB`);
    } catch {
      /* gone */
    }
  }
  return peaks.join(', ');
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
        ...(process.env.BENCH_MP_CLUSTER_POOL_MAX ? { DB_POOL_MAX: process.env.BENCH_MP_CLUSTER_POOL_MAX } : {}),
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

interface Company {
  organizationId: string;
  keyId: string;
  headers: Record<string, string>;
  readId: string;
}

/** A company on plan AI with an API key for the load, a webhook endpoint on the receiver and one invoice to read. */
async function prepareCompany(url: string, receiver: Receiver, n: number): Promise<Company> {
  const signup = await call(url, 'POST', '/api/v1/auth/signup', {
    companyName: 'Bench s.r.o.',
    email: `bench-${process.pid}-${Date.now()}-${n}@example.cz`,
    password: 'benchmark password',
  });
  const { token } = signup;
  const organizationId: string = signup.organization.id;
  await call(url, 'PUT', `/api/test/organizations/${organizationId}/plan`, { plan: 'AI' });
  const key = await call(url, 'POST', '/api/v1/api-keys', { name: 'load' }, token);
  await call(
    url,
    'POST',
    '/api/v1/webhooks',
    { name: 'receiver', url: receiver.url, events: ['document.created'] },
    token,
  );
  const read = await call(url, 'POST', '/api/v1/documents', JSON.parse(DOCUMENT), token);
  return {
    organizationId,
    keyId: key.id,
    headers: { authorization: `Bearer ${key.key}`, 'content-type': 'application/json' },
    readId: read.id,
  };
}

/** What SQL and the receiver say about one company after the run: the failed checks and the counts. */
async function check(db: Client, receiver: Receiver, company: Company, requests: number) {
  const documents = (
    await db.query<{ id: string; number: string }>(
      `SELECT id, number FROM documents WHERE organization_id = $1 AND type = 'INVOICE'`,
      [company.organizationId],
    )
  ).rows;
  const events = (
    await db.query<{ n: string; distinct: string }>(
      `SELECT count(*) AS n, count(DISTINCT data->>'id') AS distinct FROM event_outbox
        WHERE organization_id = $1 AND event = 'document.created'`,
      [company.organizationId],
    )
  ).rows[0];
  const deliveries = (
    await db.query<{ n: string; distinct: string; delivered: string }>(
      `SELECT count(*) AS n, count(DISTINCT (body::jsonb)->'data'->>'id') AS distinct,
              count(*) FILTER (WHERE status = 'DELIVERED') AS delivered
         FROM webhook_deliveries WHERE organization_id = $1 AND event = 'document.created'`,
      [company.organizationId],
    )
  ).rows[0];
  const used = (
    await db.query<{ used: string }>(`SELECT used FROM quota_usage WHERE credential_id = $1`, [company.keyId])
  ).rows.reduce((sum, r) => sum + Number(r.used), 0);
  const sequences = documents.map((d) => Number(/(\d+)$/.exec(d.number)![1])).sort((a, b) => a - b);
  const n = documents.length;
  const checks = {
    'one outbox event per document': Number(events.n) === n && Number(events.distinct) === n,
    'one delivery per event, delivered':
      Number(deliveries.n) === n && Number(deliveries.distinct) === n && Number(deliveries.delivered) === n,
    'each delivered once (receiver)': documents.every((d) => receiver.byDocument.get(d.id) === 1),
    'quota = requests made': used === requests,
    'numbers unique and gapless': new Set(sequences).size === n && sequences[0] === 1 && sequences[n - 1] === n,
  };
  return {
    failed: Object.entries(checks).flatMap(([name, ok]) => (ok ? [] : [name])),
    documents: n,
    events: Number(events.n),
    deliveries: Number(deliveries.n),
    used,
  };
}

/** The mixed load against `target` (one autocannon per company, at once), then the checks; the figures. */
async function measure(name: string, target: Target, receiver: Receiver) {
  const companies = await Promise.all(
    Array.from({ length: COMPANIES }, (_, i) => prepareCompany(target.url, receiver, i)),
  );
  const load = (perCompany: number) =>
    Promise.all(
      companies.map((c) =>
        autocannon({
          url: target.url,
          connections: CONNECTIONS / COMPANIES,
          amount: perCompany,
          // A loaded shared machine answers slowly: a request given up at autocannon's 10 s would still be counted.
          timeout: 60,
          requests: [
            { method: 'POST', path: '/api/v1/documents', headers: c.headers, body: DOCUMENT },
            { method: 'GET', path: `/api/v1/documents/${c.readId}`, headers: c.headers },
            { method: 'GET', path: '/api/v1/organization', headers: c.headers },
          ] as never,
        }),
      ),
    );
  const db = new Client({ connectionString: target.databaseUrl });
  await db.connect();
  try {
    const invoices = async () =>
      Number(
        (
          await db.query<{ n: string }>(
            `SELECT count(*) AS n FROM documents WHERE organization_id = ANY($1::uuid[]) AND type = 'INVOICE'`,
            [companies.map((c) => c.organizationId)],
          )
        ).rows[0].n,
      );
    /** Waits until the receiver has every invoice so far (or the deadline); how many there are. */
    const delivered = async () => {
      const expected = await invoices();
      const deadline = performance.now() + WAIT_FOR_DELIVERIES_MS;
      while (receiver.byDocument.size < expected && performance.now() < deadline)
        await new Promise((r) => setTimeout(r, 20));
      return expected;
    };
    // Warm-up, the same for both: every process's JIT and pools reach their steady state, and the warm-up's
    // webhooks are delivered, before the measured load starts.
    const warmPerCompany = Math.floor(WARMUP / COMPANIES);
    const warmResults = warmPerCompany > 0 ? await load(warmPerCompany) : [];
    const warmDocuments = warmPerCompany > 0 ? await delivered() : 0;

    const perCompany = Math.floor(REQUESTS / COMPANIES);
    const treeBefore = processTree(target.pid);
    const cpuBefore = cpuOf(treeBefore);
    const clientBefore = process.cpuUsage();
    const loadStart = loadAverage();
    const started = performance.now();
    const results = await load(perCompany);
    const loadMs = performance.now() - started;
    const clientCpu = process.cpuUsage(clientBefore);
    const treeAfter = processTree(target.pid);
    const cpuAfter = cpuOf(treeAfter);
    const total = perCompany * COMPANIES;

    const expected = await delivered();
    const doneMs = receiver.lastAt() - started;
    const treeDone = processTree(target.pid);
    const cpuDone = cpuOf(treeDone);
    const memory = peakMemory(treeDone);
    // Later copies of a delivery would show here: wait a little past the last one before counting.
    await new Promise((r) => setTimeout(r, 1500));
    const loadEnd = loadAverage();
    const checked: Awaited<ReturnType<typeof check>>[] = [];
    for (const c of companies) checked.push(await check(db, receiver, c, perCompany + warmPerCompany));
    const all = [...warmResults, ...results];
    const answered = all.reduce((sum, r) => sum + r.requests.total, 0);
    const non2xx = all.reduce((sum, r) => sum + r.non2xx, 0);
    const errors = all.reduce((sum, r) => sum + r.errors, 0);
    const failed = new Set(checked.flatMap((c) => c.failed));
    if (non2xx || errors || answered !== total + warmPerCompany * COMPANIES) failed.add('answers 2xx');
    if ([...receiver.byDelivery.values()].some((c) => c !== 1) || receiver.byDocument.size !== expected)
      failed.add('each delivered once (receiver)');
    const sum = (f: (c: (typeof checked)[number]) => number) => checked.reduce((a, c) => a + f(c), 0);
    const p50s = results.map((r) => r.latency.p50).sort((a, b) => a - b);
    return {
      name,
      rps: (total / loadMs) * 1000,
      jobRate: ((total + expected - warmDocuments) / doneMs) * 1000,
      p50: p50s[Math.floor(p50s.length / 2)],
      p99: Math.max(...results.map((r) => r.latency.p99)),
      doneS: doneMs / 1000,
      nodeCpu: (cpuAfter.node - cpuBefore.node) / total,
      postgresCpu: (cpuAfter.postgres - cpuBefore.postgres) / total,
      jobNodeCpu: (cpuDone.node - cpuBefore.node) / total,
      jobPostgresCpu: (cpuDone.postgres - cpuBefore.postgres) / total,
      byRole: `over the load ${cpuByRole(treeBefore, treeAfter, total)}; to the last webhook ${cpuByRole(treeBefore, treeDone, total)}; the bench process itself (autocannon, receiver) ${((clientCpu.user + clientCpu.system) / 1000 / total).toFixed(2)} over the load`,
      memory,
      detail: `warm-up ${warmPerCompany * COMPANIES} requests (${warmDocuments} invoices with their webhooks), then ${total} measured; ${answered} answers (${non2xx} non-2xx, ${errors} errors), ${sum((c) => c.documents)} documents, ${sum((c) => c.events)} events, ${sum((c) => c.deliveries)} deliveries, ${receiver.byDocument.size} documents at the receiver in ${[...receiver.byDelivery.values()].reduce((a, b) => a + b, 0)} POSTs, quota ${sum((c) => c.used)}/${total + warmPerCompany * COMPANIES}`,
      checks: failed.size ? `**failed: ${[...failed].join(', ')}**` : 'all pass',
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
    `${REQUESTS} requests (each connection in turn: POST /api/v1/documents, GET /api/v1/documents/:id, GET /api/v1/organization), ${COMPANIES} companies with ${CONNECTIONS / COMPANIES} connections each (${CONNECTIONS} in all), one API key each; webhooks on document.created to 127.0.0.1; ${cores} cores (target ${target}x: ${cores >= 4 ? '1.6x on 4 cores or more' : 'the same throughput on fewer than 4 cores'})`,
    '',
    '| run | requests/s | p50 ms | p99 ms | last webhook s | requests + webhooks /s | CPU ms / request over the load: Node / PostgreSQL | to the last webhook: Node / PostgreSQL | checks | load average start → end |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.doneS.toFixed(2)} | ${r.jobRate.toFixed(0)} | ${r.nodeCpu.toFixed(2)} / ${r.postgresCpu.toFixed(2)} | ${r.jobNodeCpu.toFixed(2)} / ${r.jobPostgresCpu.toFixed(2)} | ${r.checks} | ${r.loadStart} → ${r.loadEnd} |`,
    ),
    '',
    '| figure | cluster | baseline (ROLE=all) | ratio | target | met? |',
    '|---|---|---|---|---|---|',
    `| requests/s | ${cluster.rps.toFixed(0)} | ${base.rps.toFixed(0)} | ${ratio(cluster.rps, base.rps)} | ${target}x | ${met(cluster.rps, base.rps)} |`,
    `| requests + webhooks /s (to the last delivery) | ${cluster.jobRate.toFixed(0)} | ${base.jobRate.toFixed(0)} | ${ratio(cluster.jobRate, base.jobRate)} | ${target}x | ${met(cluster.jobRate, base.jobRate)} |`,
    '',
    ...rows.map((r) => `- ${r.name}: ${r.detail}; peak memory (VmHWM): ${r.memory}`),
    ...rows.map((r) => `- ${r.name}, CPU ms per measured request by process: ${r.byRole}`),
  ];
}

export const multiprocessScenarios: BenchScenario[] = [
  { name: 'Multiprocess: mixed load, one ROLE=all process vs the cluster', local: multiprocess },
];
