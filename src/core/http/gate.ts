import type { Middleware } from 'koa';
import { allows, type Access, type CredentialKind, type Principal, type Role, type Section } from '../access';
import { ForbiddenError, MissingScopeError, TwoFactorRequiredError, UnauthorizedError } from '../errors';
import type { Authenticator, RequestArea } from './authenticator';
import { addLogBindings, credentialManager } from './middleware';
import { SESSION_COOKIE } from './session-cookie';
import type { AppContext, AppState } from './types';

/**
 * What a route needs. Every route declares one:
 * - `public`: no credential;
 * - `section` + `access`: a credential whose effective access covers `<section>:<access>`;
 * - `authenticated`: any credential of the organization (optionally narrowed by kind and role);
 *   `duringTwoFactorSetup` also lets in a person whose company requires two-factor login they have
 *   not enabled yet (every other route answers them 403 TWO_FACTOR_REQUIRED).
 */
export type AccessSpec =
  | { public: true }
  | { section: Section; access: Access; credentials?: CredentialKind[]; roles?: Role[] }
  | { authenticated: true; credentials?: CredentialKind[]; roles?: Role[]; duringTwoFactorSetup?: true };

/** Set by the session lookup on a person who must enable two-factor login before acting in the company. */
export const TWO_FACTOR_MISSING = 'twoFactorMissing';

/** Counts a request against its credential's quota; may throw 429. The quota module's, when metering is on. */
export interface RequestMeter {
  meter(ctx: AppContext, principal: Principal): Promise<void>;
}

export const noMeter: RequestMeter = { meter: () => Promise.resolve() };

export function bearerToken(ctx: AppContext): string | null {
  const header = ctx.get('authorization');
  if (header) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    return match ? match[1] : '';
  }
  return ctx.cookies.get('session') ?? null;
}

/** The header the web app sends with every request; a cross-site form or image cannot set it. */
export const CSRF_HEADER = 'x-faktura-csrf';

export const CSRF_MESSAGE = `A request authenticated by the session cookie that changes state must send JSON (Content-Type: application/json) or the X-Faktura-Csrf header`;

const GRAPHQL_CSRF_MESSAGE = `A GraphQL request authenticated by the session cookie must be a JSON POST or carry the X-Faktura-Csrf header`;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF (issue 23): a request that authenticates by the session cookie (no Authorization header)
 * and changes state must carry something a cross-site page cannot send without a CORS preflight,
 * which this server never grants: a JSON Content-Type (application/json or any `+json`) or the
 * X-Faktura-Csrf header (any non-empty value). A form or a text body with the cookie is refused,
 * whatever SameSite does in the browser at hand. Bearer credentials are never sent by a browser on
 * its own and need neither. `everyMethod` (GraphQL) applies it to GET too: there a GET can run a query.
 * Answers the refusal, or null when the request may go on. Only the header is read, not the body,
 * so a bodiless DELETE counts by its headers as well.
 */
export function csrfRefusal(ctx: AppContext, everyMethod = false): ForbiddenError | null {
  if (ctx.get('authorization') || !ctx.cookies.get(SESSION_COOKIE)) return null;
  if (!everyMethod && SAFE_METHODS.has(ctx.method)) return null;
  if (ctx.get(CSRF_HEADER)) return null;
  if (!SAFE_METHODS.has(ctx.method) && isJsonType(ctx.get('content-type'))) return null;
  return new ForbiddenError(everyMethod ? GRAPHQL_CSRF_MESSAGE : CSRF_MESSAGE);
}

function isJsonType(header: string): boolean {
  const type = header.split(';')[0].trim().toLowerCase();
  return type === 'application/json' || /^application\/[!#$&^_.+\w-]+\+json$/.test(type);
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

  /**
   * Authenticates (when a credential is sent) and meters; leaves authorization to the caller. For the
   * api area outside the routers: GraphQL and unknown /api/v1 paths.
   */
  readonly identify: Middleware<AppState> = async (ctx, next) => {
    const token = bearerToken(ctx as AppContext);
    if (token !== null) {
      const refusal = csrfRefusal(ctx as AppContext);
      if (refusal) throw refusal;
      await this.authenticate(ctx as AppContext, token, 'api');
    }
    await next();
  };

  /** The guard of a route mounted on the router of `area`. */
  guard(spec: AccessSpec, area: RequestArea): Middleware<AppState> {
    if ('public' in spec)
      return async (_ctx, next) => {
        await next();
      };
    return async (ctx, next) => {
      const token = bearerToken(ctx as AppContext);
      if (!token) throw new UnauthorizedError();
      const refusal = csrfRefusal(ctx as AppContext);
      if (refusal) throw refusal;
      const principal = await this.authenticate(ctx as AppContext, token, area);
      authorize(principal, spec);
      await next();
    };
  }

  /** The principal found becomes the request's caller (scoping, log) and is metered. */
  private async authenticate(ctx: AppContext, token: string, area: RequestArea): Promise<Principal> {
    if (!token) throw new UnauthorizedError();
    const organizationId = ctx.get('x-organization-id') || null;
    const rc = ctx.state.rc;
    const principal = await this.authenticator.authenticate(credentialManager(rc), { token, organizationId }, area);
    rc.principal = principal;
    addLogBindings(rc, { org: principal.organization.id, credential: principal.kind });
    await this.meterImpl.meter(ctx, principal);
    return principal;
  }
}

/** Throws 403 naming what is missing; shared by REST routes and GraphQL resolvers. */
export function authorize(principal: Principal, spec: Exclude<AccessSpec, { public: true }>): void {
  if (TWO_FACTOR_MISSING in principal.attributes && !('duringTwoFactorSetup' in spec && spec.duringTwoFactorSetup)) {
    throw new TwoFactorRequiredError();
  }
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
/** A logged-in person, also while their company waits for them to enable two-factor login (me, 2FA setup, logout). */
export const SESSION_DURING_2FA_SETUP: AccessSpec = {
  authenticated: true,
  credentials: ['session'],
  duringTwoFactorSetup: true,
};
/** OWNER and ADMIN sessions: they manage users, departments and API keys (DESIGN 3). */
export const MANAGERS: AccessSpec = { authenticated: true, credentials: ['session'], roles: ['OWNER', 'ADMIN'] };
