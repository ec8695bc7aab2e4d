import type { Middleware } from 'koa';
import type { RequestArea } from './authenticator';
import { describeAccess, type AccessSpec, type Gate } from './gate';
import { pathParamGuard } from './input-guard';
import { RouteTable, type RouteMatch } from './route-table';
import type { AppState, Handler } from './types';

export interface RouteInfo {
  method: string;
  path: string;
  access: string;
}

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

type RouteMiddleware = Middleware<AppState>;

/**
 * A Koa router whose every route states its access. The table of declared routes feeds the
 * OpenAPI sync test and the "every route declares its section" test. Its routes authenticate in
 * its `area`: which credential kinds they accept follows from the router, not from the path.
 * Routes are found by one lookup (./route-table), matching as @koa/router did; a request matching
 * no route of this router goes on to the next middleware.
 */
export class ApiRouter {
  private readonly found = new RouteTable<readonly RouteMiddleware[]>();

  constructor(
    private readonly gate: Gate,
    private readonly table: RouteInfo[],
    readonly prefix: string,
    readonly area: RequestArea,
    /** Run after the guard on the router's POST, PUT, PATCH and DELETE routes (/api/v1: Idempotency-Key). */
    private readonly writeGuards: readonly Middleware<AppState>[] = [],
  ) {}

  /** The middleware that runs the routes matching the request (each sets `ctx.params` and `_matchedRoute`, as @koa/router did). */
  routes(): RouteMiddleware {
    return (ctx, next) => {
      const matched = this.found.match(ctx.path, ctx.method);
      if (matched.length === 0) return next();
      const route = (i: number): Promise<void> => {
        if (i === matched.length) return next();
        enter(ctx, matched[i]);
        return runStack(ctx, matched[i].value, 0, () => route(i + 1));
      };
      return route(0);
    };
  }

  get(path: string, access: AccessSpec, handler: Handler): this {
    return this.add('get', path, access, handler);
  }
  post(path: string, access: AccessSpec, handler: Handler): this {
    return this.add('post', path, access, handler);
  }
  put(path: string, access: AccessSpec, handler: Handler): this {
    return this.add('put', path, access, handler);
  }
  patch(path: string, access: AccessSpec, handler: Handler): this {
    return this.add('patch', path, access, handler);
  }
  delete(path: string, access: AccessSpec, handler: Handler): this {
    return this.add('delete', path, access, handler);
  }

  private add(method: Method, path: string, access: AccessSpec, handler: Handler): this {
    this.table.push({ method: method.toUpperCase(), path: this.prefix + path, access: describeAccess(access) });
    const guards = path.includes(':')
      ? [pathParamGuard, this.gate.guard(access, this.area)]
      : [this.gate.guard(access, this.area)];
    if (method !== 'get') guards.push(...this.writeGuards);
    this.found.add([method], this.prefix + path, [...guards, handler as unknown as RouteMiddleware]);
    return this;
  }
}

type Ctx = Parameters<RouteMiddleware>[0];

/**
 * A route's guards and handler in turn, each given the next as `next` (as koa-compose runs them).
 * A handler that throws synchronously throws into its caller's `await next()`, or, first in the
 * stack, into Koa's own dispatch: either way a rejected promise, as before.
 */
function runStack(ctx: Ctx, stack: readonly RouteMiddleware[], i: number, then: () => Promise<void>): Promise<void> {
  if (i === stack.length) return then();
  return Promise.resolve(stack[i](ctx, () => runStack(ctx, stack, i + 1, then))) as Promise<void>;
}

function enter(ctx: Ctx, match: RouteMatch<readonly RouteMiddleware[]>): void {
  const c = ctx as unknown as { params?: Record<string, string>; request: { params?: Record<string, string> } };
  c.params = c.request.params = c.params ? { ...c.params, ...match.params } : match.params;
  (ctx as unknown as { _matchedRoute: string })._matchedRoute = match.path;
}
