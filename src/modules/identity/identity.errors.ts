import { AppError } from '../../core/errors';

// The identity module's domain errors.

/** One account per e-mail address across all organizations. */
export class EmailTaken extends AppError {
  constructor() {
    super(409, 'EMAIL_TAKEN', 'A user with this e-mail already exists');
  }
}
