import type BigNumber from 'bignumber.js';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ServicesOf } from '../../core/module';
import type { documentsModule, PaymentReceipt } from '../documents/documents.module';

/**
 * What payments need from documents (helper contract with the documents module): inside the caller's
 * transaction, add `delta` (negative when a payment is unmatched) to paidAmount; the document moves
 * to PAID or back to its status before PAID and records its own events. `receipt` names the payment
 * (a proforma's advance tax document is issued for it, or cancelled with it).
 */
export interface DocumentPayments {
  applyPaymentChange(
    em: EntityManager,
    organizationId: string,
    documentId: string,
    delta: BigNumber,
    receipt: PaymentReceipt,
  ): Promise<unknown>;
}

/** The documents module's reads (payment targets, candidates, suggestions), from its manifest. */
export type DocumentReads = ServicesOf<typeof documentsModule>['reads'];

/** A document a payment most likely pays, as the documents module's lookup answers it. */
export type LikelyDocument = NonNullable<Awaited<ReturnType<DocumentReads['likelyPaidBy']>>[number]>;

/** Incoming bank payments settle invoices and proformas (credit notes are refunds, not matched here). */
export const MATCHABLE_TYPES = ['INVOICE', 'PROFORMA'] as const;
/** Issued and not yet paid: the statuses a payment can be matched to. */
export const MATCHABLE_STATUSES = ['ISSUED', 'SENT'] as const;

/** The documents of the organization a payment may be matched to, within these departments (null: all). */
export function payableDocuments(organizationId: string, departmentIds: readonly string[] | null) {
  return { organizationId, types: MATCHABLE_TYPES, statuses: MATCHABLE_STATUSES, departmentIds };
}

export function isMatchable(document: { type: string; status: string }): boolean {
  return (
    (MATCHABLE_TYPES as readonly string[]).includes(document.type) &&
    (MATCHABLE_STATUSES as readonly string[]).includes(document.status)
  );
}

/** The document a person is offered for an unmatched incoming payment, and why. */
export interface PaymentSuggestion {
  documentId: string;
  number: string;
  clientName: string | null;
  currency: string;
  remainingAmount: string;
  /** The payment in the document's currency (a CZK payment of an EUR invoice: at the invoice's exchange rate). */
  appliedAmount: string;
  /**
   * VARIABLE_SYMBOL: the variable symbols agree (leading zeros ignored); SPECIFIC_SYMBOL: the
   * payment's specific symbol is the document's variable symbol; MESSAGE_NUMBER: the payment's
   * message holds the document's number; COUNTER_ACCOUNT: the remaining amount equals the payment
   * and the document's contact paid from the same counter account before; AMOUNT: only the
   * remaining amount equals the payment.
   */
  reason: LikelyDocument['clue'];
}
