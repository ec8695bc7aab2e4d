import autocannon from 'autocannon';
import { startServer, type BenchServer } from './bench/harness';
import { scenarios } from './bench/scenarios';

/**
 * `npm run bench [-- filter]`: starts the app (one process per distinct server environment) on
 * 127.0.0.1 and runs each autocannon scenario, printing requests/s and latency percentiles.
 */
async function main(): Promise<void> {
  const filter = process.argv[2];
  const selected = scenarios.filter((s) => !filter || s.name.toLowerCase().includes(filter.toLowerCase()));
  const servers = new Map<string, BenchServer>();
  const rows: string[] = [];
  const reports: string[] = [];
  try {
    for (const scenario of selected) {
      if (scenario.local) {
        const lines = await scenario.local();
        reports.push(`### ${scenario.name}`, '', ...lines, '');
        process.stdout.write(`${lines.join('\n')}\n`);
        continue;
      }
      const envKey = JSON.stringify(scenario.serverEnv ?? {});
      if (!servers.has(envKey)) servers.set(envKey, await startServer(scenario.serverEnv));
      const server = servers.get(envKey)!;
      if (scenario.run) {
        const lines = await scenario.run(server);
        reports.push(`### ${scenario.name}`, '', ...lines, '');
        process.stdout.write(`${lines.join('\n')}\n`);
        continue;
      }
      if (!scenario.prepare) throw new Error(`scenario ${scenario.name} has neither prepare nor run`);
      const prepared = await scenario.prepare(server.harness);
      const requests = 'requests' in prepared ? prepared.requests : 'base' in prepared ? [prepared.base] : [prepared];
      const result = await autocannon({
        url: server.url,
        connections: scenario.connections ?? 32,
        duration: scenario.durationSeconds ?? 10,
        requests: requests as never,
        ...('setupRequest' in prepared
          ? { requests: [{ ...prepared.base, setupRequest: prepared.setupRequest }] as never }
          : {}),
      });
      const non2xx = result.non2xx;
      const row = `| ${scenario.name} | ${scenario.connections ?? 32} | ${scenario.durationSeconds ?? 10} s | ${Math.round(result.requests.average)} | ${result.latency.p50} | ${result.latency.p90} | ${result.latency.p99} | ${non2xx} | ${result.errors} |`;
      rows.push(row);
      process.stdout.write(`${row}\n`);
    }
  } finally {
    for (const s of servers.values()) await s.stop();
  }
  // Printed as they finished; repeated together only when other scenarios ran in between.
  if (reports.length && selected.length > 1) process.stdout.write(`\n${reports.join('\n')}\n`);
  if (!rows.length) return;
  process.stdout.write(
    '\n| scenario | connections | duration | req/s (avg) | p50 ms | p90 ms | p99 ms | non-2xx | errors |\n|---|---|---|---|---|---|---|---|---|\n',
  );
  process.stdout.write(rows.join('\n') + '\n');
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
