import 'reflect-metadata';
import cluster, { type Worker } from 'node:cluster';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig, type Config } from '../src/config';
import { openDatabase } from '../src/core/db/database';

/**
 * `npm run cluster -- --api 2 --workers 1`: Faktura as production runs it, on one host: N processes with
 * ROLE=api sharing PORT and M with ROLE=worker (PORT+1, PORT+2, … for their /readyz and /metrics), all
 * on one database (README "Deployment").
 *
 * The balancer is node:cluster's: this primary accepts each connection on PORT and hands it, round robin,
 * to the next API process, which then talks to the client directly. Not SO_REUSEPORT (Node's `reusePort`
 * listen option needs Node 22.12, the app runs on 20), and not a proxy in Node: a proxy copies every byte
 * through one more process, which on 2 cores took CPU from the API processes themselves.
 *
 * The database: DATABASE_URL when set; otherwise the embedded PostgreSQL of DATA_DIR, started here once
 * and given to every process as DATABASE_URL (each process starting its own would fight for the data
 * directory). Every process applies pending migrations at start under an advisory lock: the first does
 * the work, the others find none.
 *
 * Stopping: SIGTERM or SIGINT stops every process gracefully (each as README "Stopping" says), then the
 * embedded database; a second signal cuts. A process that ends while nothing asked it to is started again.
 */
const MAIN = path.join(__dirname, '..', 'src', 'main.ts');
const RESTART_DELAY_MS = 1000;
/**
 * The nice value of ROLE=worker processes: on a host whose cores the API processes keep busy, the
 * background work (outbox dispatch, webhook and e-mail sending) takes the CPU they leave, as ROLE=all's
 * sender yields to its own requests (send-pacing.ts); what queues meanwhile goes in larger batches after.
 * Measured (docs/benchmarks.md, "Issue 31 point 4, second round"): at nice 0 the worker's sends during
 * the load took CPU from the API processes, and the cluster missed one process's throughput on 2 cores.
 */
const WORKER_NICE = 10;

interface Member {
  role: 'api' | 'worker';
  port: number;
}

function members(config: Config): Member[] {
  const { values } = parseArgs({
    options: { api: { type: 'string', default: '2' }, workers: { type: 'string', default: '1' } },
  });
  const count = (name: string, text: string, min: number) => {
    const n = Number(text);
    if (!Number.isInteger(n) || n < min || n > 64)
      throw new Error(`--${name} must be a whole number from ${min} to 64`);
    return n;
  };
  const api = count('api', values.api, 1);
  const workers = count('workers', values.workers, 0);
  return [
    ...Array.from({ length: api }, (): Member => ({ role: 'api', port: config.PORT })),
    ...Array.from({ length: workers }, (_, i): Member => ({ role: 'worker', port: config.PORT + 1 + i })),
  ];
}

/**
 * Lowers the priority of every thread of process `pid` (Linux applies a nice value per thread; threads
 * started later inherit their creator's). Best effort: elsewhere only the main thread's changes.
 */
function lowerPriority(pid: number, nice: number): void {
  let threads = [pid];
  try {
    threads = fs.readdirSync(`/proc/${pid}/task`).map(Number);
  } catch {
    /* not Linux */
  }
  for (const tid of threads)
    try {
      os.setPriority(tid, nice);
    } catch (err) {
      log('could not lower a worker thread priority', { pid, tid, error: (err as Error).message });
    }
}

function log(msg: string, fields: Record<string, unknown> = {}): void {
  process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), cluster: 'primary', msg, ...fields })}\n`);
}

async function main(): Promise<void> {
  const config = loadConfig();
  const planned = members(config);
  const database = await openDatabase(config);
  if (database.embedded) log('embedded PostgreSQL started', { dataDir: database.embedded.dataDir });
  cluster.setupPrimary({
    exec: MAIN,
    execArgv: ['--max-semi-space-size=64', '-r', '@swc-node/register'],
  });

  const running = new Map<Worker, Member>();
  let stopping = false;
  let waiting = planned.length;
  const start = (member: Member) => {
    const worker = cluster.fork({ DATABASE_URL: database.url, ROLE: member.role, PORT: String(member.port) });
    running.set(worker, member);
    if (member.role === 'worker') worker.once('online', () => lowerPriority(worker.process.pid!, WORKER_NICE));
    worker.once('listening', () => {
      if (--waiting === 0) log('cluster ready', { url: `http://127.0.0.1:${config.PORT}`, processes: planned });
    });
    worker.once('exit', (code, signal) => {
      running.delete(worker);
      if (stopping) {
        if (running.size === 0) void finish();
        return;
      }
      log('process ended unexpectedly; starting it again', { role: member.role, code, signal });
      waiting++;
      setTimeout(() => start(member), RESTART_DELAY_MS);
    });
  };
  let worstExit = 0;
  cluster.on('exit', (_worker, code) => (worstExit = Math.max(worstExit, code ?? 1)));
  const finish = async () => {
    await database.stop();
    log('cluster stopped', { exitCode: worstExit });
    process.exit(worstExit);
  };
  // Children started by the cluster take their stop from here only (src/main.ts ignores SIGINT in them),
  // so a Ctrl-C that reaches the whole process group counts once.
  const onSignal = (signal: NodeJS.Signals) => {
    log(stopping ? 'second signal: cutting' : 'stopping', { signal });
    stopping = true;
    if (running.size === 0) return void finish();
    for (const worker of running.keys()) worker.process.kill('SIGTERM');
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, onSignal);
  for (const member of planned) start(member);
}

main().catch((err) => {
  process.stderr.write(`cluster failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
