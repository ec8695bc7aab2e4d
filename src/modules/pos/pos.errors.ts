import { AppError } from '../../core/errors';

// The point-of-sale module's domain errors (SPEC 7.3): each names one case and carries its stable code.

/** Checked before the body is read (SPEC 4.5 rule 1). */
export class IdempotencyKeyRequired extends AppError {
  constructor() {
    super(400, 'IDEMPOTENCY_KEY_REQUIRED', 'The Idempotency-Key header is required');
  }
}

/** The number is taken under another key, by another register or by an ordinary document. */
export class PosNumberTaken extends AppError {
  constructor(type: 'INVOICE' | 'CREDIT_NOTE', number: string) {
    super(
      409,
      'CONFLICT',
      `Number ${number} is already used by another ${type === 'INVOICE' ? 'invoice or receipt' : 'credit note'}; use a new number and a new Idempotency-Key`,
    );
  }
}

/** The register refers to a document the server has not received yet: retry later with the same key. */
export class OriginalNotSynced extends AppError {
  constructor(number: string) {
    super(
      409,
      'ORIGINAL_NOT_SYNCED',
      `No document numbered ${number} has been synced yet; retry later with the same Idempotency-Key`,
    );
  }
}

/** Cancelling is for the issue day only; afterwards a credit note corrects the document. */
export class CancelWindowClosed extends AppError {
  constructor(issuedDay: string, today: string) {
    super(
      409,
      'CANCEL_WINDOW_CLOSED',
      `A document issued on ${issuedDay} (Czech day) can be cancelled only that day; today is ${today}; issue a credit note instead`,
    );
  }
}

export class PosDocumentNotCancellable extends AppError {
  constructor(number: string, why: string) {
    super(409, 'NOT_CANCELLABLE', `Document ${number} cannot be cancelled: ${why}; issue a credit note instead`);
  }
}

export class PosDeviceRevoked extends AppError {
  constructor() {
    super(409, 'DEVICE_REVOKED', 'The device is revoked; revoking is permanent, create a new device');
  }
}
