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

/** Setup while two-factor login is on: it must be disabled first (a new secret would lock the person out). */
export class TwoFactorAlreadyEnabled extends AppError {
  constructor() {
    super(
      409,
      'TWO_FACTOR_ALREADY_ENABLED',
      'Two-factor login is already enabled; disable it before setting it up again',
    );
  }
}

/** Enable, disable or requiring 2FA without the state it needs. */
export class TwoFactorNotEnabled extends AppError {
  constructor(message: string) {
    super(409, 'TWO_FACTOR_NOT_ENABLED', message);
  }
}

/** A TOTP or recovery code that is wrong, expired or already used (never says which). */
export class InvalidTwoFactorCode extends AppError {
  constructor(status: 400 | 401) {
    super(status, 'INVALID_TWO_FACTOR_CODE', 'The code is wrong, expired or already used');
  }
}

/** The second login step's token is unknown, expired, used, or worn out by wrong codes. */
export class InvalidMfaToken extends AppError {
  constructor() {
    super(401, 'INVALID_MFA_TOKEN', 'The login step expired or was already used; log in again');
  }
}

/** Disabling two-factor login needs the password and a code; never says which was wrong. */
export class ReauthenticationFailed extends AppError {
  constructor() {
    super(403, 'REAUTHENTICATION_FAILED', 'The password or the code is wrong');
  }
}
