import { STATUS_CODES } from 'node:http';

export interface ErrorDetail {
  path: string;
  message: string;
}

/**
 * Base of every domain error. `status` and `code` are stable for clients; `expose` says whether the
 * message may be shown (unexpected errors become a generic 500). `extra` fields join the REST body.
 */
export class AppError extends Error {
  readonly expose: boolean = true;
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
    readonly extra?: Record<string, unknown>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = new.target.name;
  }

  get reason(): string {
    return STATUS_CODES[this.status] ?? 'Error';
  }

  toBody(): Record<string, unknown> {
    const body: Record<string, unknown> = { error: this.reason, message: this.message, code: this.code };
    if (this.details !== undefined) body.details = this.details;
    return { ...body, ...this.extra };
  }
}

export class ValidationError extends AppError {
  constructor(message: string, details?: ErrorDetail[]) {
    super(400, 'VALIDATION_FAILED', message, details);
  }
}

export class InvalidJsonError extends AppError {
  constructor() {
    super(400, 'INVALID_JSON', 'The request body is not valid JSON');
  }
}

export class BadRequestError extends AppError {
  constructor(message: string) {
    super(400, 'BAD_REQUEST', message);
  }
}

/** An OAuth access token already names its organization; a second one in the header is refused. */
export class OrganizationHeaderNotAllowed extends AppError {
  constructor() {
    super(400, 'ORGANIZATION_HEADER_NOT_ALLOWED', 'X-Organization-Id must not be sent with an OAuth access token');
  }
}

export const UNAUTHORIZED_MESSAGE = 'Invalid or expired token';

export class UnauthorizedError extends AppError {
  constructor() {
    super(401, 'UNAUTHORIZED', UNAUTHORIZED_MESSAGE);
  }
}

/** Wrong login: never says whether the e-mail or the password was wrong. */
export class InvalidCredentialsError extends AppError {
  constructor() {
    super(401, 'INVALID_CREDENTIALS', 'Invalid e-mail or password');
  }
}

export class ForbiddenError extends AppError {
  constructor(message: string, details?: unknown) {
    super(403, 'FORBIDDEN', message, details);
  }
}

/**
 * The company requires two-factor login and the person has not enabled it: only setting it up (and
 * reading who they are, logging out) is allowed until they do.
 */
export class TwoFactorRequiredError extends AppError {
  constructor() {
    super(
      403,
      'TWO_FACTOR_REQUIRED',
      'This company requires two-factor login: enable it (POST /api/v1/auth/2fa/setup, then /enable) first',
    );
  }
}

export class MissingScopeError extends ForbiddenError {
  constructor(readonly scope: string) {
    super(`This credential lacks the scope ${scope}`, { requiredScope: scope });
  }
}

export class NotFoundError extends AppError {
  constructor(what: string) {
    super(404, 'NOT_FOUND', `${what} not found`);
  }
}

/** 409 with the generic code; a domain case gets its own class with its own code (`<module>.errors.ts`). */
export class ConflictError extends AppError {
  constructor(message: string) {
    super(409, 'CONFLICT', message);
  }
}

/** A unique constraint refused the write (pg 23505) and no domain rule named the case first. */
export class AlreadyExists extends ConflictError {
  constructor() {
    super('The resource already exists');
  }
}

/** A foreign key refused the write (pg 23503): the row it points at is gone. */
export class ReferencedResourceMissing extends ConflictError {
  constructor() {
    super('A referenced resource does not exist');
  }
}

/** Serialization failure or deadlock (pg 40001, 40P01): nothing was written; the client may retry. */
export class ConcurrentUpdate extends AppError {
  constructor() {
    super(409, 'CONCURRENT_UPDATE', 'Concurrent update, retry the request');
  }
}

export class PayloadTooLargeError extends AppError {
  constructor() {
    super(413, 'PAYLOAD_TOO_LARGE', 'The request body exceeds 1 MiB');
  }
}

/** A bounded resource (e.g. the password hashing slots) is full: retry after Retry-After seconds. */
export class ServiceBusy extends AppError {
  constructor(retryAfterSeconds = 1) {
    super(503, 'SERVICE_BUSY', 'The server is busy, retry shortly', undefined, undefined, {
      'Retry-After': String(retryAfterSeconds),
    });
  }
}

/** Idempotency-Key (issue 24): the key was first used with another method, path or body. */
export class IdempotencyKeyMismatch extends AppError {
  constructor() {
    super(
      422,
      'IDEMPOTENCY_KEY_MISMATCH',
      'This Idempotency-Key was used with another request (method, path or body); use a new key for a new request',
    );
  }
}

/**
 * Idempotency-Key (issue 24): the first request with this key committed its changes, but its process
 * stopped before its answer was stored. It is not run again; the result is to be looked up.
 */
export class IdempotencyAnswerLost extends AppError {
  constructor() {
    super(
      409,
      'IDEMPOTENCY_ANSWER_LOST',
      'The first request with this Idempotency-Key was carried out, but its server stopped before keeping its answer; it is not run again: look up its result (e.g. GET /api/v1/documents)',
    );
  }
}

/** Idempotency-Key (issue 24): the first request with this key is still running; retry after Retry-After. */
export class IdempotencyKeyInUse extends AppError {
  constructor(retryAfterSeconds = 1) {
    super(
      409,
      'IDEMPOTENCY_KEY_IN_USE',
      'A request with this Idempotency-Key is still running; retry after Retry-After seconds to get its answer',
      undefined,
      undefined,
      { 'Retry-After': String(retryAfterSeconds) },
    );
  }
}

export class InternalError extends AppError {
  override readonly expose = false;
  constructor() {
    super(500, 'INTERNAL_ERROR', 'An unexpected error occurred');
  }
}

/**
 * Turns anything thrown into an AppError: the one mapping behind REST's error middleware and
 * GraphQL's formatError. Database errors with known codes (MikroORM keeps pg's SQLSTATE in `code`)
 * become domain errors; Koa's exposed 4xx http-errors keep their status; the rest is a generic 500.
 */
export function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  const pgCode = (err as { code?: unknown } | null)?.code;
  if (pgCode === '23505') return new AlreadyExists();
  if (pgCode === '23503') return new ReferencedResourceMissing();
  if (pgCode === '40001' || pgCode === '40P01') return new ConcurrentUpdate();
  return fromHttpError(err) ?? new InternalError();
}

/** Koa's own http-errors (e.g. from a library) keep their 4xx status. */
function fromHttpError(err: unknown): AppError | null {
  const e = err as { status?: number; expose?: boolean; message?: string } | null;
  if (typeof e?.status === 'number' && e.status >= 400 && e.status < 500 && e.expose) {
    return new AppError(e.status, e.status === 404 ? 'NOT_FOUND' : 'BAD_REQUEST', e.message ?? 'Bad request');
  }
  return null;
}
