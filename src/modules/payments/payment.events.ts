import BigNumber from 'bignumber.js';
import type { PaymentImportedPayload, PaymentMatchedPayload, PaymentPayload, PaymentUnmatchedPayload } from '../events/event-payloads';
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
export function paymentMatchedData(p: Payment, documentNumber: string): PaymentMatchedPayload {
  return { ...paymentEventData(p), documentNumber, matchedBy: p.matchedByUserId };
}

export function paymentUnmatchedData(p: Payment, previousDocumentId: string): PaymentUnmatchedPayload {
  return { ...paymentEventData(p), documentId: null, previousDocumentId };
}
