import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { Principal } from './access';
import { UnauthorizedError } from './errors';

/** Passed first to every service method: this request's EntityManager, caller and log. */
export interface RequestContext {
  em: EntityManager;
  principal: Principal | null;
  requestId: string;
  log: Logger;
  /** Where the request came from (src/core/http/client-ip.ts): throttling, sessions, the audit log. */
  client: RequestClient;
}

export interface RequestClient {
  ip: string;
  userAgent: string;
}

export interface AuthedContext extends RequestContext {
  principal: Principal;
}

export function authed(ctx: RequestContext): AuthedContext {
  if (!ctx.principal) throw new UnauthorizedError();
  return ctx as AuthedContext;
}

/** The organization every query of this request is scoped to. */
export function orgId(ctx: RequestContext): string {
  return authed(ctx).principal.organization.id;
}
