import type { Middleware } from 'koa';
import { allows, type Access, type CredentialKind, type Principal, type Role, type Section } from '../access';
import type { DeferredCredential } from '../ctx';
import { ForbiddenError, MissingScopeError, UnauthorizedError } from '../errors';
import type { Authenticator } from './authenticator';
import { addLogBindings } from './middleware';
import type { AppContext, AppState } from './types';

/**
 * What a route needs. Every route declares one:
 * - `public`: no credential;
 * - `section` + `access`: a credential whose effective access covers `<section>:<access>`;
 * - `authenticated`: any credential of the organization (optionally narrowed by kind and role);
 *   with `deferred`, the handler proves the credential itself (see `DeferredCredential` in core/ctx.ts).
 */
export type AccessSpec =
  | { public: true }
  | { section: Section; access: Access; credentials?: CredentialKind[]; roles?: Role[] }
  | { authenticated: true; credentials?: CredentialKind[]; roles?: Role[]; deferred?: true };

/** Counts a request against its credential's quota; may throw 429. The quota module's, when metering is on. */
export interface RequestMeter {
  meter(ctx: AppContext, principal: Principal): Promise<void>;
}

export const noMeter: RequestMeter = { meter: async () => undefined };

export function bearerToken(ctx: AppContext): string | null {
  const header = ctx.get('authorization');
  if (header) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    return match ? match[1] : '';
  }
  return ctx.cookies.get('session') ?? null;
}

/** The credential the gate left to the handler of a route declared `deferred`. */
export function deferredCredential(ctx: AppContext): DeferredCredential {
  const credential = ctx.state.credential;
  if (!credential) throw new Error(`${ctx.method} ${ctx.path} is not declared deferred`);
  return credential;
}

export function describeAccess(spec: AccessSpec): string {
  if ('public' in spec) return 'public';
  if ('section' in spec) return `${spec.section}:${spec.access}`;
  return 'authenticated';
}

export class Gate {
  constructor(
    private readonly authenticator: Authenticator,
    private readonly meterImpl: RequestMeter = noMeter,
  ) {}

  /** Authenticates (when a credential is sent) and meters; leaves authorization to the caller. */
  readonly identify: Middleware<AppState> = async (ctx, next) => {
    const token = bearerToken(ctx as AppContext);
    if (token !== null) await this.authenticate(ctx as AppContext, token);
    await next();
  };

  guard(spec: AccessSpec): Middleware<AppState> {
    if ('public' in spec) return async (_ctx, next) => next();
    if ('deferred' in spec) return this.deferred(spec);
    return async (ctx, next) => {
      const token = bearerToken(ctx as AppContext);
      if (!token) throw new UnauthorizedError();
      const principal = await this.authenticate(ctx as AppContext, token);
      authorize(principal, spec);
      await next();
    };
  }

  private deferred(spec: Extract<AccessSpec, { authenticated: true }>): Middleware<AppState> {
    return async (ctx, next) => {
      const token = bearerToken(ctx as AppContext);
      if (!token) throw new UnauthorizedError();
      ctx.state.credential = {
        token,
        authenticate: async () => {
          const principal = await this.authenticate(ctx as AppContext, token);
          authorize(principal, spec);
          return principal;
        },
        admit: async (principal) => {
          authorize(principal, spec);
          await this.accept(ctx as AppContext, principal);
        },
      };
      await next();
    };
  }

  private async authenticate(ctx: AppContext, token: string): Promise<Principal> {
    if (!token) throw new UnauthorizedError();
    const area = ctx.path === '/api/pos' || ctx.path.startsWith('/api/pos/') ? 'pos' : 'api';
    const organizationId = ctx.get('x-organization-id') || null;
    const principal = await this.authenticator.authenticate(ctx.state.rc.em, { token, organizationId }, area);
    await this.accept(ctx, principal);
    return principal;
  }

  /** The principal becomes the request's caller (scoping, log) and is metered. */
  private async accept(ctx: AppContext, principal: Principal): Promise<void> {
    const rc = ctx.state.rc;
    rc.principal = principal;
    addLogBindings(rc, { org: principal.organization.id, credential: principal.kind });
    await this.meterImpl.meter(ctx, principal);
  }
}

/** Throws 403 naming what is missing; shared by REST routes and GraphQL resolvers. */
export function authorize(principal: Principal, spec: Exclude<AccessSpec, { public: true }>): void {
  if (spec.credentials && !spec.credentials.includes(principal.kind)) {
    throw new ForbiddenError(`This operation needs ${spec.credentials.map(credentialLabel).join(' or ')}`);
  }
  if (spec.roles && (!principal.role || !spec.roles.includes(principal.role))) {
    throw new ForbiddenError(`This operation needs the role ${spec.roles.join(' or ')}`);
  }
  if ('section' in spec && !allows(principal.permissions, spec.section, spec.access)) {
    throw new MissingScopeError(`${spec.section}:${spec.access}`);
  }
}

function credentialLabel(kind: CredentialKind): string {
  return {
    session: 'a logged-in session',
    apiKey: 'an API key',
    oauth: 'an OAuth access token',
    pos: 'a POS device token',
  }[kind];
}

/** A logged-in person (session), any role. */
export const SESSION_ONLY: AccessSpec = { authenticated: true, credentials: ['session'] };
/** OWNER and ADMIN sessions: they manage users, departments and API keys (DESIGN 3). */
export const MANAGERS: AccessSpec = { authenticated: true, credentials: ['session'], roles: ['OWNER', 'ADMIN'] };
