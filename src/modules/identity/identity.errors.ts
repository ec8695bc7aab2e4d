import { AppError } from '../../core/errors';

// The identity module's domain errors.

/** One account per e-mail address across all organizations. */
export class EmailTaken extends AppError {
  constructor() {
    super(409, 'EMAIL_TAKEN', 'A user with this e-mail already exists');
  }
}

/** Sign-in throttling (issue 23): too many failures for this person or from this address; Retry-After says when to try again. */
export class TooManyAttempts extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, 'TOO_MANY_ATTEMPTS', 'Too many attempts, try again later', undefined, undefined, {
      'Retry-After': String(retryAfterSeconds),
    });
  }
}
