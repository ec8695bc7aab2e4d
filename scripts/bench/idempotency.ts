import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import type { AutocannonRequest, BenchScenario } from './harness';
import { loadAverage } from './harness';
import { serverCpu } from './pos';

/**
 * Idempotency-Key (issue 24, point 8): POST /api/v1/documents with a fresh key per request beside
 * the same request without one, on one server and one company, alternating (without, with, with,
 * without) so a drift of the machine's load hits both alike. Target: with keys at least 85 % of the
 * documents/s without. The documents are ISSUED invoices (each takes the next gapless number), as
 * the integrator's retried POST of the issue.
 */
const ROUNDS = 2;
const SECONDS = 10;
const CONNECTIONS = 32;

const DOCUMENT = JSON.stringify({
  type: 'INVOICE',
  status: 'ISSUED',
  clientName: 'Bench s.r.o.',
  items: [{ name: 'Bench', quantity: 1, unit: 'ks', unitPrice: 1000, vatRate: 21 }],
});

export const idempotencyScenarios: BenchScenario[] = [
  {
    name: 'Idempotency: POST /api/v1/documents with a fresh Idempotency-Key vs without',
    async run(server) {
      const { apiKey } = await server.harness.company();
      const base: AutocannonRequest = {
        method: 'POST',
        path: '/api/v1/documents',
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
        body: DOCUMENT,
      };
      const withKey = {
        ...base,
        setupRequest: (req: AutocannonRequest) => ({
          ...req,
          headers: { ...req.headers, 'idempotency-key': randomUUID() },
        }),
      };
      const measure = (request: AutocannonRequest, duration: number) =>
        autocannon({ url: server.url, connections: CONNECTIONS, duration, requests: [request] as never });
      // CPU per document of the server process and of its PostgreSQL (/proc): on a shared machine the
      // throughput mostly shows the load; the CPU each document cost shows the layer's own price.
      const cpuPerDocument = async (request: AutocannonRequest) => {
        const before = serverCpu(server.pid);
        const r = await measure(request, SECONDS);
        const after = serverCpu(server.pid);
        const per = (ms: number) => Math.round((ms * 1000) / Math.max(1, r.requests.total));
        const cpu =
          before && after
            ? { app: per(after.app - before.app), postgres: per(after.postgres - before.postgres) }
            : null;
        return { r, cpu };
      };
      const out = [`load average (1/5/15 min) at start: ${loadAverage()}`, ''];
      // Warm-up of both paths, not measured: JIT, prepared statements, caches.
      await measure(base, 3);
      await measure(withKey, 3);
      out.push(
        '| run | docs/s | p50 ms | p90 ms | p99 ms | non-2xx | errors | CPU µs/doc app / postgres | load after |',
        '|---|---|---|---|---|---|---|---|---|',
      );
      const totals = { without: 0, with: 0 };
      const cpuTotals = { without: 0, with: 0 };
      for (let round = 1; round <= ROUNDS; round++) {
        // ABBA: without, with, with, without: a drift of the machine's load over the run hits both alike.
        const pair = [
          ['without', base],
          ['with', withKey],
        ] as const;
        for (const [label, request] of round % 2 ? pair : [...pair].reverse()) {
          const { r, cpu } = await cpuPerDocument(request);
          totals[label] += r.requests.average;
          cpuTotals[label] += cpu ? cpu.app + cpu.postgres : 0;
          out.push(
            `| ${label} key, round ${round} | ${Math.round(r.requests.average)} | ${r.latency.p50} | ${r.latency.p90} | ${r.latency.p99} | ${r.non2xx} | ${r.errors} | ${cpu ? `${cpu.app} / ${cpu.postgres}` : 'n/a'} | ${loadAverage()} |`,
          );
        }
      }
      const ratio = (100 * totals.with) / totals.without;
      out.push(
        '',
        `with a key: ${Math.round(totals.with / ROUNDS)} docs/s, without: ${Math.round(totals.without / ROUNDS)} docs/s: **${ratio.toFixed(1)} %** (target ≥ 85 %)`,
        cpuTotals.without
          ? `server CPU per document (app + postgres): with a key ${Math.round(cpuTotals.with / ROUNDS)} µs, without ${Math.round(cpuTotals.without / ROUNDS)} µs: documents/s the same CPU buys with a key: **${((100 * cpuTotals.without) / cpuTotals.with).toFixed(1)} %** of without`
          : 'server CPU per document: n/a (no /proc)',
      );
      return out;
    },
  },
];
