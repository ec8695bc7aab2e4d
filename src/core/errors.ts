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
  constructor(message: string, code = 'BAD_REQUEST') {
    super(400, code, message);
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

export class ConflictError extends AppError {
  constructor(message: string, code = 'CONFLICT', details?: unknown) {
    super(409, code, message, details);
  }
}

export class PayloadTooLargeError extends AppError {
  constructor() {
    super(413, 'PAYLOAD_TOO_LARGE', 'The request body exceeds 1 MiB');
  }
}

export class InternalError extends AppError {
  override readonly expose = false;
  constructor() {
    super(500, 'INTERNAL_ERROR', 'An unexpected error occurred');
  }
}

/** Turns anything thrown into an AppError; database errors with known codes become domain errors. */
export function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  const pgCode = (err as { code?: string } | null)?.code;
  if (pgCode === '23505') return new ConflictError('The resource already exists');
  if (pgCode === '23503') return new ConflictError('A referenced resource does not exist');
  if (pgCode === '40001' || pgCode === '40P01') return new ConflictError('Concurrent update, retry the request', 'CONCURRENT_UPDATE');
  return new InternalError();
}
