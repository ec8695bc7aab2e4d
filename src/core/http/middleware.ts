import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { Principal } from '../access';
import type { RequestClient, RequestContext } from '../ctx';
import type { Orm } from '../db/orm';
import { NotFoundError, ServiceBusy, toAppError } from '../errors';
import type { Metrics } from '../observability/metrics';
import { boundErrorBody } from '../validation';
import { clientIp, clientUserAgent } from './client-ip';
import type { AppState } from './types';

const REQUEST_ID = /^[\w.:-]{1,128}$/;

/**
 * A request's context whose EntityManager fork and child logger are made on first use: a request
 * that needs neither (a POS receipt is one prepared statement on the shared pool, and nothing logs
 * below warn in production) allocates neither. A fork and two child loggers were about 5 % of the
 * CPU and 6 % of the allocations of a POS receipt (docs/benchmarks.md).
 */
class RequestScope implements RequestContext {
  principal: Principal | null = null;
  #em: EntityManager | undefined;
  #log: Logger | undefined;
  readonly #bindings: Record<string, string>;

  constructor(
    private readonly orm: Orm,
    private readonly logger: Logger,
    readonly requestId: string,
    readonly client: RequestClient,
  ) {
    this.#bindings = { reqId: requestId };
  }

  get em(): EntityManager {
    return (this.#em ??= this.orm.em.fork());
  }
  set em(em: EntityManager) {
    this.#em = em;
  }
  get log(): Logger {
    return (this.#log ??= this.logger.child(this.#bindings));
  }
  set log(log: Logger) {
    this.#log = log;
  }

  /** This request's EntityManager if it has one already, else the ORM's root one (see credentialManager). */
  managerForStatements(): EntityManager {
    return this.#em ?? this.orm.em;
  }

  addLogBindings(bindings: Record<string, string>): void {
    if (this.#log) this.#log = this.#log.child(bindings);
    else Object.assign(this.#bindings, bindings);
  }
}

/**
 * The EntityManager a credential verifier's statements run on: the request's own when it has one,
 * else the ORM's root manager, whose hand-written statements and native updates go to the pool (no
 * transaction is open before the guard; the root manager refuses identity-map work). Authenticating
 * then forks nothing: a request that needs no fork of its own (GET /organization) makes none. The
 * fork was about 6 % of the CPU of an API-key GET /organization (docs/benchmarks.md, issue 31 point 2).
 */
export function credentialManager(rc: RequestContext): EntityManager {
  return rc instanceof RequestScope ? rc.managerForStatements() : rc.em;
}

/** Every later log line of the request carries these fields. */
export function addLogBindings(rc: RequestContext, bindings: Record<string, string>): void {
  if (rc instanceof RequestScope) rc.addLogBindings(bindings);
  else rc.log = rc.log.child(bindings);
}

/** Request id (taken or generated, echoed), per-request EntityManager and logger, access log, metrics. */
export function requestContext(orm: Orm, logger: Logger, metrics: Metrics, trustProxy: boolean): Middleware<AppState> {
  return async (ctx, next) => {
    const started = process.hrtime.bigint();
    const incoming = ctx.get('x-request-id');
    const requestId = REQUEST_ID.test(incoming) ? incoming : randomUUID();
    ctx.set('X-Request-Id', requestId);
    ctx.state.rc = new RequestScope(orm, logger, requestId, {
      ip: clientIp(ctx.req, trustProxy),
      userAgent: clientUserAgent(ctx.req),
    });
    try {
      await next();
    } finally {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const route = (ctx as unknown as { _matchedRoute?: string })._matchedRoute ?? 'unmatched';
      metrics.observeRequest(ctx.method, String(route), ctx.status, seconds);
      if (logger.isLevelEnabled('info')) {
        ctx.state.rc.log.info(
          {
            method: ctx.method,
            path: redactTokens(ctx.path),
            route,
            status: ctx.status,
            ms: Math.round(seconds * 1e4) / 10,
          },
          'request',
        );
      }
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
      answerError(ctx, err);
    }
  };
}

/** Answers what was thrown as `{ error, message, code, details? }` (errorMapper, and the idempotency layer that stores it). */
export function answerError(ctx: Parameters<Middleware<AppState>>[0], err: unknown): void {
  const mapped = toAppError(err);
  // A full hashing queue is load, not a fault: no error line per refused request.
  if (mapped.status >= 500 && !(mapped instanceof ServiceBusy)) ctx.state.rc?.log.error({ err }, 'unhandled error');
  ctx.status = mapped.status;
  ctx.body = boundErrorBody(mapped.toBody());
  for (const [name, value] of Object.entries(mapped.headers ?? {})) ctx.set(name, value);
}

/** The one body parser (strict UTF-8, strict JSON): see ./body. */
export { parseBody } from './body';

export function notFound(): Middleware<AppState> {
  return (ctx) => {
    throw Object.assign(new NotFoundError('Route'), { message: `Route ${ctx.method} ${ctx.path} not found` });
  };
}
