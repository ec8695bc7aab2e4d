import fs from 'node:fs';
import http from 'node:http';
import Koa from 'koa';
import { Pool } from 'pg';

/**
 * The raw baseline of scripts/bench/reads.ts, as its own process: node:http and a pg Pool (as many
 * connections as the app's statement pool, core/db/statement-pool.ts) running, per path, the
 * statements the app ran for that request (captured by statement-log.ts), in the same order, with
 * the same names and values, and answering their rows as JSON. With RAW_KOA=1 the same through Koa and
 * one middleware (the Koa floor: what any Koa app pays before its own layers). Env: RAW_DATABASE_URL,
 * RAW_STATEMENTS (a JSON file: path → statements), RAW_POOL_MAX, RAW_KOA; prints "listening <port>".
 */
interface Captured {
  name: string | null;
  text: string;
  values: unknown[];
}

const byPath = new Map<string, Captured[]>(
  Object.entries(JSON.parse(fs.readFileSync(process.env.RAW_STATEMENTS!, 'utf8')) as Record<string, Captured[]>),
);
const pool = new Pool({ connectionString: process.env.RAW_DATABASE_URL, max: Number(process.env.RAW_POOL_MAX) });

async function answer(path: string): Promise<unknown[][]> {
  const results: unknown[][] = [];
  for (const s of byPath.get(path) ?? []) {
    const r = await pool.query({ name: s.name ?? undefined, text: s.text, values: s.values });
    results.push(r.rows);
  }
  return results;
}

/** node:http alone: the raw baseline. */
function rawHandler(req: http.IncomingMessage, res: http.ServerResponse): void {
  if (!byPath.has(req.url ?? '')) {
    res.writeHead(404).end();
    return;
  }
  answer(req.url!).then(
    (results) => {
      const body = JSON.stringify(results);
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }).end(body);
    },
    (err: Error) => {
      res.writeHead(500).end(err.message);
    },
  );
}

/** Koa with one middleware and nothing of the app: the floor of any Koa app running these statements. */
function koaHandler(): http.RequestListener {
  const koa = new Koa();
  koa.use(async (ctx) => {
    if (!byPath.has(ctx.url)) return;
    ctx.body = await answer(ctx.url);
  });
  const handle = koa.callback();
  return (req, res) => void handle(req, res);
}

const server = http.createServer(process.env.RAW_KOA === '1' ? koaHandler() : rawHandler);
server.keepAliveTimeout = 65_000;
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`listening ${(server.address() as { port: number }).port}\n`);
});
process.on('SIGTERM', () => {
  server.close();
  void pool.end();
  server.closeAllConnections();
});
