import BigNumber from 'bignumber.js';
import { event, type PayloadsOf } from '../../core/outbox/event-declarations';
import type { Cost } from './cost.entity';
import { costIdentity } from './costs.views';

/** A received cost (issue 16) as its cost.* events carry it. */
export type CostPayload = {
  id: string;
  number: string;
  kind: string;
  status: string;
  supplierId: string;
  supplierName: string;
  supplierDocumentNumber: string | null;
  variableSymbol: string | null;
  currency: string;
  subtotal: number;
  vatTotal: number;
  total: number;
  paidAmount: number;
  reverseCharge: boolean;
  issuedAt: string;
  taxableSupplyDate: string;
  vatClaimDate: string;
  dueAt: string;
};

/**
 * SPEC 6.2's catalog (GET /webhooks/events) does not list the events of received costs; an endpoint
 * that names one in its events still receives it (SPEC 2.8: any string is accepted).
 */
const cost = event<CostPayload>();
export const costEvents = {
  'cost.created': cost.unlisted(),
  'cost.updated': cost.unlisted(),
  'cost.paid': cost.unlisted(),
  /** A PAID cost back to OPEN: a payment was unmatched. */
  'cost.reopened': cost.unlisted(),
  'cost.cancelled': cost.unlisted(),
  'cost.deleted': cost.unlisted(),
};
export type CostEvents = PayloadsOf<typeof costEvents>;

/** The payload shared by every cost.* event. */
export function costEventData(cost: Cost): CostPayload {
  return {
    ...costIdentity(cost),
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
