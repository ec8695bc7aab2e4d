import { AppError } from '../../core/errors';
import type { DocumentStatus } from './document.types';

// The documents module's domain errors: each names one case and carries its stable code (REST body and GraphQL extensions.code).

export class DocumentNotDraft extends AppError {
  /** `field`: what only a draft may change (default: only a draft can be deleted). */
  constructor(status: DocumentStatus, field?: string) {
    super(
      409,
      'DOCUMENT_NOT_DRAFT',
      field
        ? `Only a draft's ${field} can change; this document is ${status}`
        : `Only a draft can be deleted; this document is ${status} (cancel or archive it instead)`,
    );
  }
}

/** Past SENT the content is what the customer received; only tags may still change. */
export class DocumentLocked extends AppError {
  constructor(status: DocumentStatus) {
    super(
      409,
      'DOCUMENT_LOCKED',
      `A ${status} document can no longer be edited; only its tags and custom fields can change`,
    );
  }
}

/** The company locks issued documents (company settings lockIssuedDocuments): a mistake is corrected by a credit note. */
export class DocumentLockedBySetting extends AppError {
  constructor(status: DocumentStatus) {
    super(
      409,
      'DOCUMENT_LOCKED',
      `The company locks issued documents: this ${status} document's content cannot be edited; correct it with a credit note (its tags and custom fields can still change)`,
    );
  }
}

export class DocumentNotSendable extends AppError {
  constructor(status: DocumentStatus, reminder = false) {
    super(
      409,
      'DOCUMENT_NOT_SENDABLE',
      reminder
        ? `A reminder is for an invoice waiting for payment (ISSUED or SENT), not a ${status} one`
        : `A ${status} document cannot be e-mailed; only ISSUED, SENT or PAID ones can`,
    );
  }
}

export class TransitionNotAllowed extends AppError {
  constructor(from: DocumentStatus, to: DocumentStatus, reason?: string) {
    super(
      409,
      'TRANSITION_NOT_ALLOWED',
      `Transition from ${from} to ${to} is not allowed${reason ? `: ${reason}` : ''}`,
      { from, to },
    );
  }
}

/** The mail server refused or was unreachable; nothing was changed, so the client may retry. */
export class MailFailed extends AppError {
  /** `serverReply`: what the mail server answered when it refused the message (`550 …`), shown to the client. */
  constructor(serverReply: string | null = null) {
    super(
      502,
      'MAIL_FAILED',
      serverReply
        ? `The mail server refused the e-mail (${serverReply}); the document was not changed`
        : 'The e-mail could not be delivered to the mail server; the document was not changed',
    );
  }
}

/** § 45 ZDPH: only an issued invoice is corrected by a credit note. */
export class DocumentNotCorrectable extends AppError {
  constructor(type: string, status: DocumentStatus) {
    super(
      409,
      'DOCUMENT_NOT_CORRECTABLE',
      `A credit note corrects an ISSUED, SENT or PAID invoice; this document is a ${status} ${type}`,
    );
  }
}

/** A final invoice settles a proforma that has received a payment (POST /documents/:id/final-invoice). */
export class ProformaNotSettleable extends AppError {
  constructor(type: string, status: DocumentStatus) {
    super(
      409,
      'PROFORMA_NOT_SETTLEABLE',
      `A final invoice settles an ISSUED, SENT or PAID proforma that has received a payment; this document is a ${status} ${type} without one (convert it instead)`,
    );
  }
}

/** Issue 25: only the pairs of conversions.ts, from an issued (sent, paid, accepted) source. */
export class DocumentNotConvertible extends AppError {
  constructor(type: string, status: DocumentStatus, target: string, allowed: readonly string[]) {
    const to = allowed.length ? `a ${type} converts to ${allowed.join(', ')}` : `a ${type} is not converted`;
    super(
      409,
      'DOCUMENT_NOT_CONVERTIBLE',
      `This ${status} ${type} cannot be converted to ${target}: ${to}, once issued (not a draft, cancelled, declined or archived one)`,
      { type, status, target },
    );
  }
}

/** Only an ISSUED or SENT quote is answered by the customer, once. */
export class QuoteNotAnswerable extends AppError {
  constructor(type: string, status: DocumentStatus) {
    super(
      409,
      'QUOTE_NOT_ANSWERABLE',
      type === 'QUOTE'
        ? `This quote is ${status}: only an ISSUED or SENT quote can be accepted or declined, once`
        : `A ${type} is not accepted or declined; only a quote is`,
    );
  }
}

/** One final invoice per proforma; its payments stay with it once settled. */
export class ProformaSettled extends AppError {
  constructor(number: string, finalInvoiceNumber: string | null) {
    super(
      409,
      'PROFORMA_SETTLED',
      `Proforma ${number} is settled by its final invoice${finalInvoiceNumber ? ` ${finalInvoiceNumber}` : ''}; its payments and advances can no longer change`,
    );
  }
}

/** A quote past its validity (validUntil, a Czech day) is no longer accepted. */
export class QuoteExpired extends AppError {
  constructor(validUntil: string) {
    super(409, 'QUOTE_EXPIRED', `The quote was valid until ${validUntil}; it can no longer be accepted`, {
      validUntil,
    });
  }
}

/** Issue 27: ISDOC and UBL describe documents that ask for money (or tax a payment), not quotes, orders or delivery notes. */
export class EInvoiceNotAvailable extends AppError {
  constructor(type: string) {
    super(
      409,
      'DOCUMENT_NOT_PAYABLE',
      `A ${type} is no invoice: ISDOC and UBL are made of invoices, credit notes, proformas and advance tax documents only`,
    );
  }
}

/** The customer's "Zaplatit online" when the document cannot be paid online (paid already, no gateway). */
export class OnlinePaymentUnavailable extends AppError {
  constructor() {
    super(409, 'ONLINE_PAYMENT_UNAVAILABLE', 'This document cannot be paid online');
  }
}
