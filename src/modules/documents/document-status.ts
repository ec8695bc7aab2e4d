import BigNumber from 'bignumber.js';
import { TransitionNotAllowed } from './documents.errors';
import { ANSWER_STATUSES, PAYABLE_TYPES, type DocumentStatus, type DocumentType } from './document.types';

/**
 * The allowed-transition matrix of POST /documents/:id/transition (and of automations later).
 * A draft is issued or cancelled; an issued document is sent, paid, cancelled or archived; a paid
 * one is archived or taken back to ISSUED (only when no bank payment covers it); cancelled documents
 * can only be archived; ARCHIVED is final. Payments move documents ISSUED/SENT ⇄ PAID on their own.
 * An issued or sent QUOTE is ACCEPTED or DECLINED (by the customer on its public page, or recorded by
 * hand); an accepted one can still be cancelled, both are archived.
 */
export const ALLOWED_TRANSITIONS: Readonly<Record<DocumentStatus, readonly DocumentStatus[]>> = {
  DRAFT: ['ISSUED', 'CANCELLED'],
  ISSUED: ['SENT', 'PAID', 'CANCELLED', 'ARCHIVED', 'ACCEPTED', 'DECLINED'],
  SENT: ['PAID', 'CANCELLED', 'ARCHIVED', 'ACCEPTED', 'DECLINED'],
  PAID: ['ISSUED', 'ARCHIVED'],
  CANCELLED: ['ARCHIVED'],
  ARCHIVED: [],
  ACCEPTED: ['CANCELLED', 'ARCHIVED'],
  DECLINED: ['ARCHIVED'],
};

/**
 * The statuses a person may move this document to now: the matrix, without PAID for types that are
 * not paid and without PAID → ISSUED while a bank payment covers the document (both refused anyway).
 */
export function nextStatuses(doc: {
  type: DocumentType;
  status: DocumentStatus;
  paidAmount: string;
  autoPaidAmount: string;
}): DocumentStatus[] {
  const bankPaid = new BigNumber(doc.paidAmount).minus(doc.autoPaidAmount).gt(0);
  return ALLOWED_TRANSITIONS[doc.status].filter((to) => {
    if (to === 'PAID') return PAYABLE_TYPES.includes(doc.type);
    if (ANSWER_STATUSES.includes(to)) return doc.type === 'QUOTE';
    if (doc.status === 'PAID' && to === 'ISSUED') return !bankPaid;
    return true;
  });
}

export function assertTransition(type: DocumentType, from: DocumentStatus, to: DocumentStatus): void {
  if (!ALLOWED_TRANSITIONS[from].includes(to)) throw new TransitionNotAllowed(from, to);
  if (to === 'PAID' && !PAYABLE_TYPES.includes(type)) throw new TransitionNotAllowed(from, to, `a ${type} is not paid`);
  if (ANSWER_STATUSES.includes(to) && type !== 'QUOTE')
    throw new TransitionNotAllowed(from, to, `only a QUOTE is accepted or declined`);
}
