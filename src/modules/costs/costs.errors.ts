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
