import BigNumber from 'bignumber.js';
import type { CostPayload } from '../events/event-payloads';
import type { Cost } from './cost.entity';

/** The payload shared by every cost.* event. */
export function costEventData(cost: Cost): CostPayload {
  return {
    id: cost.id,
    number: cost.number,
    kind: cost.kind,
    status: cost.status,
    supplierId: cost.supplierContact.id,
    supplierName: cost.supplier.name,
    supplierDocumentNumber: cost.supplierDocumentNumber,
    variableSymbol: cost.variableSymbol,
    currency: cost.currency,
    subtotal: new BigNumber(cost.subtotal).toNumber(),
    vatTotal: new BigNumber(cost.vatTotal).toNumber(),
    total: new BigNumber(cost.total).toNumber(),
    paidAmount: new BigNumber(cost.paidAmount).toNumber(),
    reverseCharge: cost.reverseCharge,
    issuedAt: cost.issuedAt.toISOString(),
    taxableSupplyDate: cost.taxableSupplyDate.toISOString(),
    vatClaimDate: cost.vatClaimDate.toISOString(),
    dueAt: cost.dueAt.toISOString(),
  };
}
