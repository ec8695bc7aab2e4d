import Router from '@koa/router';
import type { Middleware } from 'koa';
import type { RequestArea } from './authenticator';
import { describeAccess, type AccessSpec, type Gate } from './gate';
import { pathParamGuard } from './input-guard';
import type { AppState, Handler } from './types';

export interface RouteInfo {
  method: string;
  path: string;
  access: string;
}

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * A Koa router whose every route states its access. The table of declared routes feeds the
 * OpenAPI sync test and the "every route declares its section" test. Its routes authenticate in
 * its `area`: which credential kinds they accept follows from the router, not from the path.
 */
export class ApiRouter {
  readonly router: Router<AppState>;

  constructor(
    private readonly gate: Gate,
    private readonly table: RouteInfo[],
    readonly prefix: string,
    readonly area: RequestArea,
    /** Run after the guard on the router's POST, PUT, PATCH and DELETE routes (/api/v1: Idempotency-Key). */
    private readonly writeGuards: readonly Middleware<AppState>[] = [],
  ) {
    this.router = new Router<AppState>({ prefix });
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
    this.router[method](path, ...guards, handler as never);
    return this;
  }
}
