import { AppError, ConflictError } from '../../core/errors';
import type { CostStatus } from './cost.types';

// The costs module's domain errors: each names one case and carries its stable code (REST body and GraphQL extensions.code).

/** The duplicate an accountant fears most: one supplier document entered twice. */
export class DuplicateSupplierDocument extends ConflictError {
  constructor() {
    super('A cost with this supplier document number of this supplier already exists');
  }
}

/** PAID and CANCELLED costs are closed: only an OPEN one changes or is cancelled. */
export class CostNotOpen extends AppError {
  constructor(status: CostStatus) {
    super(409, 'COST_NOT_OPEN', `A ${status} cost can no longer be changed; only OPEN ones can`);
  }
}

/** Money already matched to the cost would be left unexplained; unmatch the payments first. */
export class CostHasPayments extends AppError {
  constructor(action: string) {
    super(409, 'COST_HAS_PAYMENTS', `A cost with matched payments cannot ${action}; unmatch its payments first`);
  }
}

/** POST /costs/import takes an ISDOC (.isdoc), its ZIP form (.isdocx) or a PDF embedding one; nothing else. */
export class UnsupportedImportFile extends AppError {
  constructor() {
    super(
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      'Import takes an ISDOC invoice: an .isdoc (XML), an .isdocx (ZIP) or a PDF with an embedded .isdoc',
    );
  }
}

/** The upload, or what unpacking it would produce, is over the import's bounds. */
export class ImportFileTooLarge extends AppError {
  constructor(what: string) {
    super(413, 'PAYLOAD_TOO_LARGE', what);
  }
}

/** Not an ISDOC invoice this import can read: malformed XML, a schema error (with its line and element) or no ISDOC inside. */
export class IsdocInvalid extends AppError {
  constructor(message: string, line?: number) {
    super(400, 'ISDOC_INVALID', message, line === undefined ? undefined : [{ path: `line ${line}`, message }]);
  }
}

/** Credit notes (DocumentType 2, 6) and proformas (4) are no cost: a cost's total is never negative and a proforma is no tax document. */
export class IsdocDocumentTypeUnsupported extends AppError {
  constructor(documentType: string) {
    super(
      400,
      'ISDOC_DOCUMENT_TYPE_UNSUPPORTED',
      `ISDOC DocumentType ${documentType} cannot be imported as a cost: only invoices (1), debit notes (3), advance tax documents (5) and simplified tax documents (7)`,
    );
  }
}
