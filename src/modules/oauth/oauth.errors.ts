import { AppError } from '../../core/errors';
import type { Handler } from '../../core/http/types';

/** Management API error (REST and GraphQL, on the AppError base): only confidential clients have a secret. */
export class PublicClientHasNoSecret extends AppError {
  constructor() {
    super(409, 'PUBLIC_CLIENT', 'A public client has no secret');
  }
}

/**
 * RFC 6749 protocol errors. They never reach the general error mapper: the protocol endpoints wrap
 * their handlers in `protocolErrors`, which serializes them as `{ error, error_description }`.
 */
export class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
    readonly status = 400,
    readonly headers: Record<string, string> = {},
  ) {
    super(description);
    this.name = new.target.name;
  }

  toBody(): { error: string; error_description: string } {
    return { error: this.error, error_description: this.description };
  }
}

export class InvalidRequest extends OAuthError {
  constructor(description: string) {
    super('invalid_request', description);
  }
}

/** Always 401; `WWW-Authenticate: Basic` when the client tried Basic (RFC 6749 5.2). */
export class InvalidClient extends OAuthError {
  constructor(usedBasic: boolean, description = 'Client authentication failed') {
    super(
      'invalid_client',
      description,
      401,
      usedBasic ? { 'WWW-Authenticate': 'Basic realm="faktura", charset="UTF-8"' } : {},
    );
  }
}

export class InvalidGrant extends OAuthError {
  constructor(description = 'The authorization code or refresh token is invalid, expired or already used') {
    super('invalid_grant', description);
  }
}

export class InvalidScope extends OAuthError {
  constructor(description = 'None of the requested scopes is allowed for this application') {
    super('invalid_scope', description);
  }
}

export class UnsupportedGrantType extends OAuthError {
  constructor() {
    super('unsupported_grant_type', 'Only authorization_code and refresh_token grants are supported');
  }
}

export class UnsupportedResponseType extends OAuthError {
  constructor() {
    super('unsupported_response_type', 'Only response_type=code is supported');
  }
}

export class AccessDenied extends OAuthError {
  constructor(description = 'The user did not allow access') {
    super('access_denied', description);
  }
}

/** no-store on every protocol response (RFC 6749 5.1), errors included. */
export function noStore(ctx: { set(name: string, value: string): void }): void {
  ctx.set('Cache-Control', 'no-store');
  ctx.set('Pragma', 'no-cache');
}

/**
 * Try again later: throttled client authentication (429) or full password hashing (503), with their
 * Retry-After. RFC 6749 has no code for either at the token endpoint; `temporarily_unavailable` is
 * its code for "retry later" (4.1.2.1), kept in the same `{ error, error_description }` body.
 */
export class TemporarilyUnavailable extends OAuthError {
  constructor(description: string, status: number, headers: Record<string, string>) {
    super('temporarily_unavailable', description, status, headers);
  }
}

/** A general AppError that means "retry later" (429, 503) in the protocol's form; others stay unexpected. */
function retryLater(err: unknown): OAuthError | null {
  if (!(err instanceof AppError) || (err.status !== 429 && err.status !== 503)) return null;
  return new TemporarilyUnavailable(err.message, err.status, err.headers ?? {});
}

/** The protocol endpoints' own error middleware. Unexpected errors become `server_error`. */
export function protocolErrors(handler: Handler): Handler {
  return async (ctx) => {
    noStore(ctx);
    try {
      await handler(ctx);
    } catch (err) {
      const e = err instanceof OAuthError ? err : retryLater(err);
      if (!e) ctx.state.rc.log.error({ err }, 'OAuth protocol endpoint failed');
      const mapped = e ?? new OAuthError('server_error', 'An unexpected error occurred', 500);
      ctx.status = mapped.status;
      ctx.body = mapped.toBody();
      for (const [name, value] of Object.entries(mapped.headers)) ctx.set(name, value);
    }
  };
}
