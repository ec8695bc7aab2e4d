import { spawn } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import { Client } from 'pg';
import { freePort, loadAverage, type AutocannonRequest, type BenchScenario, type BenchServer } from './harness';
import { serverCpu } from './pos';

/**
 * Invoice creation (issue 31 point 1): POST /api/v1/documents (an ISSUED invoice with 3 lines, API key,
 * 32 connections) beside a raw baseline doing the same writes in the same run (creation-raw.ts: node:http
 * and a pg Pool, one statement taking the number, inserting the document and its event). Rounds in ABBA
 * order (app, raw, raw, app) so a drift of a shared machine's load hits both alike. Afterwards each
 * company's invoice numbers must be exactly FV000001..FV<n>: no gap, no duplicate. Targets: the app at
 * least 50 % of the raw documents/s, its p99 under 50 ms.
 *
 * BENCH_CREATION_ROUNDS (default 2) and BENCH_CREATION_SECONDS (default 10) change the length.
 */
const ROUNDS = Number(process.env.BENCH_CREATION_ROUNDS ?? 2);
const SECONDS = Number(process.env.BENCH_CREATION_SECONDS ?? 10);
const CONNECTIONS = 32;

const INVOICE = JSON.stringify({
  type: 'INVOICE',
  status: 'ISSUED',
  clientName: 'Bench s.r.o.',
  items: [
    { name: 'Consulting', quantity: 3, unit: 'h', unitPrice: 1200, vatRate: 21 },
    { name: 'Licence', quantity: 1, unit: 'ks', unitPrice: 4990, vatRate: 21 },
    { name: 'Book', quantity: 2, unit: 'ks', unitPrice: 349.5, vatRate: 12 },
  ],
});

/** The raw baseline as its own process, writing into `organizationId`'s series of `server`'s database. */
async function startRaw(server: BenchServer, organizationId: string) {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      '-r',
      '@swc-node/register',
      path.join(__dirname, 'creation-raw.ts'),
      server.databaseUrl,
      organizationId,
      String(port),
    ],
    { cwd: path.join(__dirname, '..', '..'), stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`raw baseline exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Every invoice number of the company, checked against FV000001..FV<n>. */
async function numbersCheck(databaseUrl: string, organizationId: string): Promise<{ count: number; ok: boolean }> {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ number: string }>(
      `SELECT number FROM documents WHERE organization_id = $1 AND type = 'INVOICE' ORDER BY number`,
      [organizationId],
    );
    const ok = rows.every((r, i) => r.number === `FV${String(i + 1).padStart(6, '0')}`);
    return { count: rows.length, ok };
  } finally {
    await db.end();
  }
}

interface Round {
  label: 'app' | 'raw';
  perSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  /** CPU µs per document: the serving process, PostgreSQL. */
  cpu: { server: number; postgres: number } | null;
  loadAfter: string;
}

export const creationScenarios: BenchScenario[] = [
  {
    name: 'Creation: POST /api/v1/documents (ISSUED, 3 items) vs raw pg',
    async run(server) {
      const app = await server.harness.company();
      const rawCompany = await server.harness.company();
      const raw = await startRaw(server, rawCompany.organizationId);
      const out = [`load average (1/5/15 min) at start: ${loadAverage()}`, ''];
      try {
        const request: AutocannonRequest = {
          method: 'POST',
          path: '/api/v1/documents',
          headers: { authorization: `Bearer ${app.apiKey}`, 'content-type': 'application/json' },
          body: INVOICE,
        };
        const targets = {
          app: { url: server.url, pid: server.pid, request },
          raw: { url: raw.url, pid: raw.pid, request: { ...request, headers: { 'content-type': 'application/json' } } },
        };
        const measure = async (label: Round['label'], seconds: number): Promise<Round> => {
          const t = targets[label];
          // PostgreSQL's CPU is read under the app server's process tree; the raw process is apart.
          const pgBefore = serverCpu(server.pid);
          const before = serverCpu(t.pid);
          const r = await autocannon({
            url: t.url,
            connections: CONNECTIONS,
            duration: seconds,
            requests: [t.request] as never,
          });
          const after = serverCpu(t.pid);
          const pgAfter = serverCpu(server.pid);
          const per = (ms: number) => Math.round((ms * 1000) / Math.max(1, r.requests.total));
          return {
            label,
            perSecond: r.requests.average,
            p50: r.latency.p50,
            p99: r.latency.p99,
            non2xx: r.non2xx + r.errors,
            cpu:
              before && after && pgBefore && pgAfter
                ? { server: per(after.app - before.app), postgres: per(pgAfter.postgres - pgBefore.postgres) }
                : null,
            loadAfter: loadAverage(),
          };
        };
        // Warm-up of both, not measured: JIT, the pools' connections and prepared statements, caches.
        await measure('app', 3);
        await measure('raw', 3);
        const rounds: Round[] = [];
        for (let round = 1; round <= ROUNDS; round++)
          for (const label of round % 2 ? (['app', 'raw'] as const) : (['raw', 'app'] as const))
            rounds.push(await measure(label, SECONDS));
        out.push(
          '| run | docs/s | p50 ms | p99 ms | non-2xx + errors | CPU µs/doc server / postgres | load after |',
          '|---|---|---|---|---|---|---|',
        );
        for (const r of rounds)
          out.push(
            `| ${r.label} | ${Math.round(r.perSecond)} | ${r.p50} | ${r.p99} | ${r.non2xx} | ${r.cpu ? `${r.cpu.server} / ${r.cpu.postgres}` : 'n/a'} | ${r.loadAfter} |`,
          );
        const of = (label: Round['label']) => rounds.filter((r) => r.label === label);
        const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / Math.max(1, xs.length);
        const appRate = mean(of('app').map((r) => r.perSecond));
        const rawRate = mean(of('raw').map((r) => r.perSecond));
        const appP99 = Math.max(...of('app').map((r) => r.p99));
        const rawP99 = Math.max(...of('raw').map((r) => r.p99));
        const ratio = (100 * appRate) / rawRate;
        const appNumbers = await numbersCheck(server.databaseUrl, app.organizationId);
        const rawNumbers = await numbersCheck(server.databaseUrl, rawCompany.organizationId);
        const failures = (label: Round['label']) => of(label).reduce((s, r) => s + r.non2xx, 0);
        const yes = (ok: boolean) => (ok ? 'yes' : '**no**');
        out.push(
          '',
          '| figure | API | raw baseline | ratio | target | met? |',
          '|---|---|---|---|---|---|',
          `| documents/s (mean of ${ROUNDS} × ${SECONDS} s) | ${appRate.toFixed(0)} | ${rawRate.toFixed(0)} | **${ratio.toFixed(1)} %** | ≥ 50 % | ${yes(ratio >= 50)} |`,
          `| p99 ms (worst round) | ${appP99} | ${rawP99} | | < 50 ms | ${yes(appP99 < 50)} |`,
          `| numbers FV000001..FV<n>, no gap or duplicate | ${appNumbers.count} documents: ${appNumbers.ok ? 'yes' : 'NO'} | ${rawNumbers.count} documents: ${rawNumbers.ok ? 'yes' : 'NO'} | | gapless, unique | ${yes(appNumbers.ok && rawNumbers.ok)} |`,
          `| failed requests (non-2xx, errors) | ${failures('app')} | ${failures('raw')} | | 0 | ${yes(failures('app') + failures('raw') === 0)} |`,
          '',
          `load average (1/5/15 min) at end: ${loadAverage()}`,
        );
        return out;
      } finally {
        await raw.stop();
      }
    },
  },
];
