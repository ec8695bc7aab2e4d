import BigNumber from 'bignumber.js';
import type {
  PaymentCostMatchedPayload,
  PaymentCostUnmatchedPayload,
  PaymentDocumentMatchedPayload,
  PaymentDocumentUnmatchedPayload,
  PaymentImportedPayload,
  PaymentPayload,
} from '../events/event-payloads';
import type { Payment } from './payment.entity';

/** The SPEC 6.3 payment payload shared by payment.imported, payment.matched and payment.unmatched. */
export function paymentEventData(p: Payment): PaymentPayload {
  return {
    id: p.id,
    amount: new BigNumber(p.amount).toNumber(),
    currency: p.currency,
    direction: p.direction,
    receivedAt: p.receivedAt.toISOString(),
    variableSymbol: p.variableSymbol,
    counterAccount: p.counterAccount,
    matchStatus: p.matchStatus,
    documentId: p.documentId,
    bankAccountId: p.bankAccount.id,
  };
}

export function paymentImportedData(p: Payment): PaymentImportedPayload {
  return { ...paymentEventData(p), source: p.source };
}

/** `matchedBy` is the user who matched by hand; null for an automatic match (DESIGN 5). */
export function paymentMatchedData(p: Payment, documentNumber: string): PaymentDocumentMatchedPayload {
  return { ...paymentEventData(p), documentNumber, matchedBy: p.matchedByUserId };
}

export function paymentUnmatchedData(p: Payment, previousDocumentId: string): PaymentDocumentUnmatchedPayload {
  return { ...paymentEventData(p), documentId: null, previousDocumentId };
}

/** A payment linked to a received cost: the SPEC 6.3 fields (documentId and documentNumber null) plus the cost. */
export function paymentCostMatchedData(p: Payment, cost: { id: string; number: string }): PaymentCostMatchedPayload {
  return {
    ...paymentEventData(p),
    documentId: null,
    documentNumber: null,
    matchedBy: p.matchedByUserId,
    costId: cost.id,
    costNumber: cost.number,
  };
}

/** costId and costNumber name the cost the payment was linked to. */
export function paymentCostUnmatchedData(
  p: Payment,
  cost: { id: string; number: string },
): PaymentCostUnmatchedPayload {
  return {
    ...paymentEventData(p),
    documentId: null,
    previousDocumentId: null,
    costId: cost.id,
    costNumber: cost.number,
  };
}
