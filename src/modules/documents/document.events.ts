import BigNumber from 'bignumber.js';
import type { DocumentPayload } from '../events/event-payloads';
import type { Document } from './document.entity';

/** The fields an event carries, so a document written with plain SQL (POS) gives the same payload. */
export type DocumentEventFields = Pick<
  Document,
  'id' | 'number' | 'type' | 'status' | 'currency' | 'total' | 'paidAmount' | 'clientName' | 'issuedAt' | 'dueAt'
> & {
  contact: { id: string } | null;
};

/** The SPEC 6.3 document payload shared by every document.* event. */
export function documentEventData(doc: DocumentEventFields): DocumentPayload {
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
