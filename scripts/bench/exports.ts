import fs from 'node:fs';
import os from 'node:os';
import { Client } from 'pg';
import { bulkLoad } from './documents-1m';
import { runDueJobs, startServer } from './harness';

/**
 * Bulk exports (issue 27 point 4): BENCH_EXPORT_ROWS documents (default 100,000; the case is
 * 1,000,000) seeded with generate_series into one company, then an export of all of them per format of
 * BENCH_EXPORT_FORMATS (default csv; e.g. "csv,xlsx") run by the server's job (POST
 * /api/test/jobs/run-due), the server process's RSS sampled every 100 ms from /proc. The issue's
 * bound: the process grows by less than 200 MB for 1,000,000 documents to CSV.
 *
 *   BENCH_EXPORT_ROWS=1000000 node -r @swc-node/register scripts/bench/exports.ts
 */
const ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 100_000);
const FORMATS = (process.env.BENCH_EXPORT_FORMATS ?? 'csv').split(',').filter(Boolean);
const MB = 1024 * 1024;

/** The resident set of process `pid` in bytes (VmRSS). */
function rssOf(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) * 1024 : 0;
}

async function main(): Promise<void> {
  const server = await startServer();
  const db = new Client({ connectionString: server.databaseUrl });
  await db.connect();
  try {
    const h = server.harness;
    const { apiKey, organizationId } = await h.company();
    for (const line of await bulkLoad(db, organizationId, ROWS)) console.log(line);
    console.log(
      `load average after the load: ${os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(' / ')}`,
    );
    console.log('| format | rows | seconds | rows/s | file MB | server RSS before → peak (MB) | growth MB |');
    console.log('|---|---|---|---|---|---|---|');
    for (const format of FORMATS) {
      const created = await h.request('POST', '/api/v1/exports', { resource: 'documents', format }, apiKey);
      if (created.status !== 202) throw new Error(`POST /exports: ${created.status} ${JSON.stringify(created.body)}`);
      const before = rssOf(server.pid);
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, rssOf(server.pid))), 100);
      const started = performance.now();
      try {
        await runDueJobs(server);
      } finally {
        clearInterval(sampler);
      }
      const seconds = (performance.now() - started) / 1000;
      const record = (await h.request('GET', `/api/v1/exports/${created.body.id}`, undefined, apiKey)).body;
      if (record.status !== 'DONE') throw new Error(`export ${record.status}: ${record.error}`);
      console.log(
        `| ${format} | ${record.progress.done} | ${seconds.toFixed(1)} | ${(record.progress.done / seconds).toFixed(0)} | ${(record.sizeBytes / MB).toFixed(1)} | ${(before / MB).toFixed(0)} → ${(peak / MB).toFixed(0)} | **${((peak - before) / MB).toFixed(0)}** |`,
      );
    }
  } finally {
    await db.end();
    await server.stop();
  }
}

if (require.main === module) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
