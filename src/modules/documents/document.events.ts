import BigNumber from 'bignumber.js';
import type { DocumentPayload } from '../events/event-payloads';
import type { Document } from './document.entity';

/** The SPEC 6.3 document payload shared by every document.* event. */
export function documentEventData(doc: Document): DocumentPayload {
  return {
    id: doc.id,
    number: doc.number,
    type: doc.type,
    status: doc.status,
    currency: doc.currency,
    total: new BigNumber(doc.total).toNumber(),
    paidAmount: new BigNumber(doc.paidAmount).toNumber(),
    contactId: doc.contact?.id ?? null,
    clientName: doc.clientName,
    issuedAt: doc.issuedAt.toISOString(),
    dueAt: doc.dueAt.toISOString(),
  };
}
