import { randomUUID } from 'node:crypto';
import bodyParser from 'koa-bodyparser';
import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import type { Orm } from '../db/orm';
import { InvalidJsonError, NotFoundError, PayloadTooLargeError, toAppError } from '../errors';
import type { Metrics } from '../observability/metrics';
import { boundErrorBody } from '../validation';
import type { AppState } from './types';

const REQUEST_ID = /^[\w.:\-]{1,128}$/;

/** Request id (taken or generated, echoed), per-request EntityManager and logger, access log, metrics. */
export function requestContext(orm: Orm, logger: Logger, metrics: Metrics): Middleware<AppState> {
  return async (ctx, next) => {
    const started = process.hrtime.bigint();
    const incoming = ctx.get('x-request-id');
    const requestId = REQUEST_ID.test(incoming) ? incoming : randomUUID();
    ctx.set('X-Request-Id', requestId);
    ctx.state.rc = { em: orm.em.fork(), principal: null, requestId, log: logger.child({ reqId: requestId }) };
    try {
      await next();
    } finally {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const route = (ctx as unknown as { _matchedRoute?: string })._matchedRoute ?? 'unmatched';
      metrics.httpDuration.observe({ method: ctx.method, route: String(route), status: String(ctx.status) }, seconds);
      ctx.state.rc.log.info({ method: ctx.method, path: redactTokens(ctx.path), route, status: ctx.status, ms: Math.round(seconds * 1e4) / 10 }, 'request');
    }
  };
}

/** Capability tokens in paths (public document links: fpd_<64 hex>) never reach the log. */
export function redactTokens(path: string): string {
  return path.replace(/\b([a-z]{2,4}_)[0-9a-f]{64}\b/g, '$1…');
}

/** The one place REST errors become `{ error, message, code, details? }`. */
export function errorMapper(): Middleware<AppState> {
  return async (ctx, next) => {
    try {
      await next();
    } catch (err) {
      const mapped = toAppError(err);
      if (mapped.status >= 500) ctx.state.rc?.log.error({ err }, 'unhandled error');
      ctx.status = mapped.status;
      ctx.body = boundErrorBody(mapped.toBody());
      for (const [name, value] of Object.entries(mapped.headers ?? {})) ctx.set(name, value);
    }
  };
}

/** JSON and form bodies up to 1 MiB; malformed JSON is 400 INVALID_JSON, too large is 413. */
export function parseBody(): Middleware<AppState> {
  return bodyParser({
    enableTypes: ['json', 'form'],
    jsonLimit: '1mb',
    formLimit: '1mb',
    strict: true,
    onerror: (err: Error & { status?: number }) => {
      throw err.status === 413 ? new PayloadTooLargeError() : new InvalidJsonError();
    },
  }) as Middleware<AppState>;
}

export function notFound(): Middleware<AppState> {
  return async (ctx) => {
    throw Object.assign(new NotFoundError('Route'), { message: `Route ${ctx.method} ${ctx.path} not found` });
  };
}
