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
}

/**
 * The credential of a route declared `deferred` (core/http/gate.ts): the gate has checked only that
 * one was sent. The handler either proves it inside its own statement and `admit`s the principal
 * that statement found (the POS single issue: one round trip per receipt), or calls `authenticate`
 * (the ordinary lookup, 401 when it is not valid) before anything else can answer. Nothing is
 * cached: every request is checked against the database, so a rotated or revoked credential is
 * refused at once.
 */
export interface DeferredCredential {
  token: string;
  authenticate(): Promise<Principal>;
  admit(principal: Principal): Promise<void>;
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
