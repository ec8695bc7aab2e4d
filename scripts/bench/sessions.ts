import fs from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';
import type { BenchScenario } from './harness';

const REQUESTS = 20_000;
const CONNECTIONS = 32;
const CLOCK_TICKS_PER_SECOND = 100;

/** CPU seconds (user + system) used so far by process `root` and all its descendants (the app and its PostgreSQL). */
function treeCpuSeconds(root: number): number {
  const parents = new Map<number, number>();
  const ticks = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command name (which may hold spaces) start after the last ')'.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parents.set(Number(entry), Number(fields[1]));
      ticks.set(Number(entry), Number(fields[11]) + Number(fields[12]));
    } catch {
      // The process ended while listed.
    }
  }
  let total = 0;
  for (const [pid, t] of ticks) {
    for (let p: number | undefined = pid; p !== undefined && p > 1; p = parents.get(p)) {
      if (p === root) {
        total += t;
        break;
      }
    }
  }
  return total / CLOCK_TICKS_PER_SECOND;
}

/**
 * Issue 23 point 2: the CPU the server (Node and its PostgreSQL) spends per session-authenticated
 * request, a figure a busy shared machine disturbs far less than requests per second.
 */
export const sessionScenarios: BenchScenario[] = [
  {
    name: 'Sessions: CPU per session-authenticated GET /api/v1/organization',
    async run(server) {
      const { token } = await server.harness.company();
      const request = { method: 'GET', path: '/api/v1/organization', headers: { authorization: `Bearer ${token}` } };
      // Warm-up: prepared statements on every pooled connection, JIT.
      await autocannon({ url: server.url, connections: CONNECTIONS, amount: 2_000, requests: [request] as never });
      const cpuBefore = treeCpuSeconds(server.pid);
      const result = await autocannon({
        url: server.url,
        connections: CONNECTIONS,
        amount: REQUESTS,
        requests: [request] as never,
      });
      const cpu = treeCpuSeconds(server.pid) - cpuBefore;
      const load = os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(' / ');
      return [
        `${REQUESTS} requests, ${CONNECTIONS} connections: ${((cpu * 1000) / REQUESTS).toFixed(3)} ms CPU per request (server and PostgreSQL), ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}; load average ${load}`,
      ];
    },
  },
];
