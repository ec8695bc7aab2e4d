import http from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { Client } from 'pg';
import type { BenchScenario, BenchServer } from './harness';
import { loadAverage } from './harness';

/**
 * Automations (issue 14 point 7): 1,000 document.created events, each matching 3 rules (ADD_TAG,
 * INTERNAL_NOTIFICATION, TRIGGER_WEBHOOK to a local receiver): runs per second, and the p99 of the
 * POST /documents requests causing them, with and without rules. Not a timed test: it reports.
 */
const EVENTS = 1_000;
const RULES = 3;
const API_CONNECTIONS = 16;
const WAIT_MS = 300_000;
const DOCUMENT = JSON.stringify({
  type: 'INVOICE',
  status: 'ISSUED',
  items: [{ name: 'Bench', quantity: 1, unit: 'ks', unitPrice: 12000, vatRate: 21 }],
});

const s = (ms: number) => (ms / 1000).toFixed(2);

async function startReceiver() {
  const ids = new Set<string>();
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      ids.add(String(req.headers['x-faktura-delivery'] ?? ''));
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    ids,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

function documents(server: BenchServer, apiKey: string, amount: number) {
  return autocannon({
    url: `${server.url}/api/v1/documents`,
    connections: API_CONNECTIONS,
    amount,
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: DOCUMENT,
  });
}

export const automationScenarios: BenchScenario[] = [
  {
    name: `Automations: ${EVENTS} document.created events × ${RULES} matching rules (ADD_TAG, INTERNAL_NOTIFICATION, TRIGGER_WEBHOOK)`,
    serverEnv: { WEBHOOK_ALLOW_PRIVATE_NETWORKS: '1' },
    async run(server) {
      const h = server.harness;
      const out: string[] = [`load average (1/5/15 min) at start: ${loadAverage()}`];
      const receiver = await startReceiver();
      const db = new Client({ connectionString: server.databaseUrl });
      await db.connect();
      try {
        const quiet = await h.company();
        const ruled = await h.company();
        const hook = await h.request(
          'POST',
          '/api/v1/webhooks',
          { name: 'bench', url: receiver.url, events: ['bench.large_invoice'] },
          ruled.apiKey,
        );
        if (hook.status !== 201) throw new Error(`webhook: ${hook.status} ${JSON.stringify(hook.body)}`);
        const large = [{ field: 'amount', operator: 'gt', value: 10000 }];
        for (const action of [
          { type: 'ADD_TAG', params: { tag: 'large' } },
          { type: 'INTERNAL_NOTIFICATION', params: { title: 'Large invoice', message: 'Over 10,000' } },
          { type: 'TRIGGER_WEBHOOK', params: { event: 'bench.large_invoice' } },
        ]) {
          const rule = await h.request(
            'POST',
            '/api/v1/automations',
            {
              name: action.type,
              triggerType: 'SYSTEM_EVENT',
              triggerEvent: 'document.created',
              conditions: large,
              actions: [action],
            },
            ruled.apiKey,
          );
          if (rule.status !== 201) throw new Error(`rule: ${rule.status} ${JSON.stringify(rule.body)}`);
        }
        const runs = async () =>
          (
            await db.query<{ n: number; first: Date | null; last: Date | null; failed: number }>(
              `SELECT count(*)::int AS n, min(started_at) AS first, max(finished_at) AS last, count(*) FILTER (WHERE status <> 'COMPLETED')::int AS failed
               FROM automation_runs WHERE organization_id = $1`,
              [ruled.organizationId],
            )
          ).rows[0];

        // Warm-up (JIT, pools) on the company without rules; not reported.
        await documents(server, quiet.apiKey, 300);
        const none = await documents(server, quiet.apiKey, EVENTS);
        out.push(`load average after the API run without rules: ${loadAverage()}`);

        const t0 = performance.now();
        const withRules = await documents(server, ruled.apiKey, EVENTS);
        const apiDone = performance.now();
        let done = await runs();
        while (done.n < EVENTS * RULES && performance.now() - t0 < WAIT_MS) {
          await new Promise((r) => setTimeout(r, 50));
          done = await runs();
        }
        const runsDone = performance.now();
        while (receiver.ids.size < EVENTS && performance.now() - t0 < WAIT_MS)
          await new Promise((r) => setTimeout(r, 50));
        const deliveriesDone = performance.now();
        out.push(`load average after the last run: ${loadAverage()}`);
        const wall = runsDone - t0;
        const engine = done.first && done.last ? done.last.getTime() - done.first.getTime() : NaN;
        out.push(
          '',
          `| measure | value |`,
          '|---|---|',
          `| runs recorded | ${done.n} of ${EVENTS * RULES} (${done.failed} not COMPLETED) |`,
          `| first API request → last run finished | ${s(wall)} s → ${Math.round((done.n / wall) * 1000)} runs/s |`,
          `| first run started → last run finished (engine, by the runs' own times) | ${s(engine)} s → ${Math.round((done.n / engine) * 1000)} runs/s |`,
          `| last API answer → last run finished (backlog drain) | ${s(runsDone - apiDone)} s |`,
          `| custom webhook deliveries received | ${receiver.ids.size} of ${EVENTS}, last ${s(deliveriesDone - t0)} s after the first API request |`,
          '',
          `API requests causing them: POST /api/v1/documents (ISSUED invoice, 14,520 CZK), ${API_CONNECTIONS} connections, ${EVENTS} requests each:`,
          '',
          '| rules | duration | req/s (avg) | p50 ms | p90 ms | p99 ms | max ms | non-2xx | errors |',
          '|---|---|---|---|---|---|---|---|---|',
          ...(
            [
              ['none', none],
              [`${RULES} matching each event (runs going on)`, withRules],
            ] as const
          ).map(
            ([label, r]) =>
              `| ${label} | ${r.duration.toFixed(1)} s | ${Math.round(r.requests.average)} | ${r.latency.p50} | ${r.latency.p90} | ${r.latency.p99} | ${r.latency.max} | ${r.non2xx} | ${r.errors} |`,
          ),
          '',
          `p99 added: ${withRules.latency.p99 - none.latency.p99} ms.`,
          `load average at the end: ${loadAverage()}`,
        );
        return out;
      } finally {
        await db.end();
        await receiver.close();
      }
    },
  },
];
