import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import Koa from 'koa';
import { Pool } from 'pg';
import { Histogram } from 'prom-client';

/**
 * The raw baseline of scripts/bench/reads.ts, as its own process: node:http and a pg Pool (as many
 * connections as the app's statement pool, core/db/statement-pool.ts) running, per path, the
 * statements the app ran for that request (captured by statement-log.ts), in the same order, with
 * the same names and values, and answering their rows as JSON. With RAW_KOA=1 the same through Koa and
 * one middleware (the Koa floor: what any Koa app pays before its own layers); with RAW_KOA=min the
 * minimal app (minimalAppHandler). Env: RAW_DATABASE_URL, RAW_STATEMENTS (a JSON file: path →
 * statements), RAW_POOL_MAX, RAW_KOA; prints "listening <port>".
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

/** The path's statements in turn; `keyHash`, when given, replaces the first one's first value (the authenticating statement's). */
async function answer(path: string, keyHash?: string): Promise<unknown[][]> {
  const results: unknown[][] = [];
  for (const [i, s] of (byPath.get(path) ?? []).entries()) {
    const values = i === 0 && keyHash !== undefined ? [keyHash, ...s.values.slice(1)] : s.values;
    const r = await pool.query({ name: s.name ?? undefined, text: s.text, values });
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

/**
 * The minimal app: the Koa floor plus, written flat in two middlewares, what the app does for every API-key
 * request: a request id, the error envelope and the request-duration metric around the request; the key's
 * SHA-256 as the authenticating statement's first value (the captured hash: another key answers 401); the
 * four quota headers from the statement's count. AsyncLocalStorage's hooks are on, as in the app once
 * MikroORM ran a transaction. What it leaves out: the route table and access check, load shedding, input
 * guards, the principal, the logger's bindings.
 */
function minimalAppHandler(): http.RequestListener {
  new AsyncLocalStorage().run(undefined, () => undefined);
  const duration = new Histogram({ name: 'request_seconds', help: '-', labelNames: ['method', 'route', 'status'] });
  const koa = new Koa();
  koa.use(async (ctx, next) => {
    const started = process.hrtime.bigint();
    const incoming = ctx.get('x-request-id');
    ctx.set('X-Request-Id', /^[\w.:-]{1,128}$/.test(incoming) ? incoming : randomUUID());
    try {
      await next();
    } catch (err) {
      ctx.status = 500;
      ctx.body = { error: 'INTERNAL', message: (err as Error).message };
    } finally {
      duration
        .labels(ctx.method, ctx.path, String(ctx.status))
        .observe(Number(process.hrtime.bigint() - started) / 1e9);
    }
  });
  koa.use(async (ctx) => {
    const captured = byPath.get(ctx.path);
    if (!captured) return;
    const token = /^Bearer (\S+)$/.exec(ctx.get('authorization'))?.[1] ?? '';
    const keyHash = createHash('sha256').update(token).digest('hex');
    if (keyHash !== captured[0].values[0]) {
      ctx.status = 401;
      return;
    }
    const results = await answer(ctx.path, keyHash);
    const used = Number((results[0][0] as { total: string | null }).total);
    ctx.set({
      'X-RateLimit-Limit': 'unlimited',
      'X-RateLimit-Remaining': 'unlimited',
      'X-RateLimit-Used': String(used),
      'X-RateLimit-Reset': String(
        Math.floor(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + 1, 1) / 1000),
      ),
    });
    ctx.body = results;
  });
  const handle = koa.callback();
  return (req, res) => void handle(req, res);
}

const handlers: Record<string, () => http.RequestListener> = {
  '': () => rawHandler,
  '1': koaHandler,
  min: minimalAppHandler,
};
const server = http.createServer(handlers[process.env.RAW_KOA ?? '']());
server.keepAliveTimeout = 65_000;
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`listening ${(server.address() as { port: number }).port}\n`);
});
process.on('SIGTERM', () => {
  server.close();
  void pool.end();
  server.closeAllConnections();
});
