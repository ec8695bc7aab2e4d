import type BigNumber from 'bignumber.js';
import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * What payments need from documents (helper contract with the documents module): inside the caller's
 * transaction, add `delta` (negative when a payment is unmatched) to paidAmount; the document moves
 * to PAID or back to its status before PAID and records its own events.
 */
export interface DocumentPayments {
  applyPaymentChange(em: EntityManager, organizationId: string, documentId: string, delta: BigNumber): Promise<unknown>;
}

/** Incoming bank payments settle invoices and proformas (credit notes are refunds, not matched here). */
export const MATCHABLE_TYPES = ['INVOICE', 'PROFORMA'] as const;
/** Issued and not yet paid: the statuses a payment can be matched to. */
export const MATCHABLE_STATUSES = ['ISSUED', 'SENT'] as const;
