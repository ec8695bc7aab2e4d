import BigNumber from 'bignumber.js';
import { event, type FieldSet, type PayloadsOf } from '../../core/outbox/event-declarations';
import type { Document } from './document.entity';

/** The SPEC 6.3 document payload shared by every document.* event. */
export type DocumentPayload = {
  id: string;
  number: string;
  type: string;
  status: string;
  currency: string;
  total: number;
  paidAmount: number;
  contactId: string | null;
  clientName: string | null;
  issuedAt: string;
  dueAt: string;
};
export type DocumentSentPayload = DocumentPayload & {
  sentTo: string;
  subject: string;
  emailType: string;
};
export type DocumentViewedPayload = DocumentPayload & {
  viewedAt: string;
};
export type DocumentOverduePayload = DocumentPayload & {
  daysOverdue: number;
  remainingAmount: number;
};
/** document.archived, and document.status_changed (a trigger for automation rules, not in the catalog). */
export type DocumentStatusPayload = DocumentPayload & {
  previousStatus: string;
};

const DOCUMENT = {
  id: true,
  number: true,
  type: true,
  status: true,
  currency: true,
  total: true,
  paidAmount: true,
  contactId: true,
  clientName: true,
  issuedAt: true,
  dueAt: true,
} as const satisfies FieldSet<DocumentPayload>;
const document = event<DocumentPayload>();

/** The events of documents, in SPEC 6.2's order. */
export const documentEvents = {
  'document.created': document.listed(
    'A document is created via POST /documents, including from a recurring series or a costs inbox',
    DOCUMENT,
  ),
  'document.updated': document.listed('PATCH /documents/:id (items, amounts, customer, tags)', DOCUMENT),
  'document.deleted': document.listed('A draft is deleted; the payload is the last known state', DOCUMENT),
  'document.sent': event<DocumentSentPayload>().listed(
    'A document is e-mailed to the customer (including reminders, payment thanks, quotes)',
    { ...DOCUMENT, sentTo: true, subject: true, emailType: true },
  ),
  'document.viewed': event<DocumentViewedPayload>().listed(
    'The customer opens the document by public link; sent on every view',
    { ...DOCUMENT, viewedAt: true },
  ),
  'document.paid': document.listed(
    'The document reaches PAID by status change, payment matching, or creation as paid',
    DOCUMENT,
  ),
  'document.overdue': event<DocumentOverduePayload>().listed(
    'The daily 08:00 check finds an unpaid overdue invoice; once per document',
    { ...DOCUMENT, daysOverdue: true, remainingAmount: true },
  ),
  'document.archived': event<DocumentStatusPayload>().listed('The document moves to ARCHIVED', {
    ...DOCUMENT,
    previousStatus: true,
  }),
  /** Every status change: a trigger for automation rules (SPEC 6.2, system-side). */
  'document.status_changed': event<DocumentStatusPayload>().systemSide(),
};
export type DocumentEvents = PayloadsOf<typeof documentEvents>;

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
