import BigNumber from 'bignumber.js';
import { event, type FieldSet, type PayloadsOf } from '../../core/outbox/event-declarations';
import type { Payment } from './payment.entity';
import { bankConnectionEvents } from './fio/bank-connection.events';

/** The SPEC 6.3 payment payload shared by payment.imported, payment.matched and payment.unmatched. */
export type PaymentPayload = {
  id: string;
  amount: number;
  currency: string;
  direction: string;
  receivedAt: string;
  variableSymbol: string | null;
  counterAccount: string | null;
  matchStatus: string;
  documentId: string | null;
  bankAccountId: string;
};
export type PaymentImportedPayload = PaymentPayload & {
  source: string;
};
export type PaymentDocumentMatchedPayload = PaymentPayload & {
  documentNumber: string;
  /** The user who matched by hand; null for an automatic match (DESIGN 5). */
  matchedBy: string | null;
};
/** A payment linked to a received cost: the SPEC 6.3 fields with documentId and documentNumber null, plus the cost. */
export type PaymentCostMatchedPayload = PaymentPayload & {
  documentId: null;
  documentNumber: null;
  matchedBy: string | null;
  costId: string;
  costNumber: string;
};
export type PaymentMatchedPayload = PaymentDocumentMatchedPayload | PaymentCostMatchedPayload;
export type PaymentDocumentUnmatchedPayload = PaymentPayload & {
  documentId: null;
  previousDocumentId: string;
};
/** The link to a received cost removed: previousDocumentId null; costId and costNumber name the cost it was linked to. */
export type PaymentCostUnmatchedPayload = PaymentPayload & {
  documentId: null;
  previousDocumentId: null;
  costId: string;
  costNumber: string;
};
export type PaymentUnmatchedPayload = PaymentDocumentUnmatchedPayload | PaymentCostUnmatchedPayload;

const PAYMENT = {
  id: true,
  amount: true,
  currency: true,
  direction: true,
  receivedAt: true,
  variableSymbol: true,
  counterAccount: true,
  matchStatus: true,
  documentId: true,
  bankAccountId: true,
} as const satisfies FieldSet<PaymentPayload>;

export const paymentEvents = {
  'payment.imported': event<PaymentImportedPayload>().listed(
    'A new payment is created from bank sync or manual statement import; once per new payment',
    { ...PAYMENT, source: true },
  ),
  'payment.matched': event<PaymentMatchedPayload>().listed(
    'A payment is linked to a document manually, by confirmed suggestion, or by automatic matching on import; a payment linked to a received cost has documentId and documentNumber null and adds costId and costNumber',
    { ...PAYMENT, documentNumber: true, matchedBy: true, costId: true, costNumber: true },
  ),
  'payment.unmatched': event<PaymentUnmatchedPayload>().listed(
    'The link between a payment and a document is removed; for a received cost previousDocumentId is null and costId and costNumber name the cost',
    { ...PAYMENT, previousDocumentId: true, costId: true, costNumber: true },
  ),
  ...bankConnectionEvents,
};
export type PaymentEvents = PayloadsOf<typeof paymentEvents>;

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
