import type { DocumentStatus, DocumentType } from '../../gql/graphql';

export const TYPE_LABELS: Record<DocumentType, string> = {
  INVOICE: 'Invoice',
  PROFORMA: 'Proforma invoice',
  QUOTE: 'Quote',
  ORDER: 'Order',
  DELIVERY_NOTE: 'Delivery note',
  CREDIT_NOTE: 'Credit note',
};

export const STATUS_LABELS: Record<DocumentStatus, string> = {
  DRAFT: 'Draft',
  ISSUED: 'Issued',
  SENT: 'Sent',
  PAID: 'Paid',
  CANCELLED: 'Cancelled',
  ARCHIVED: 'Archived',
  ACCEPTED: 'Accepted',
  DECLINED: 'Declined',
};

/** What the button moving a document to a status says. */
export const TRANSITION_LABELS: Record<DocumentStatus, string> = {
  DRAFT: 'Back to draft',
  ISSUED: 'Issue',
  SENT: 'Mark sent',
  PAID: 'Mark paid',
  CANCELLED: 'Cancel document',
  ARCHIVED: 'Archive',
  ACCEPTED: 'Mark accepted',
  DECLINED: 'Mark declined',
};

export const TYPES = Object.keys(TYPE_LABELS) as DocumentType[];
export const STATUSES = Object.keys(STATUS_LABELS) as DocumentStatus[];

/** Content changes only in these statuses (the server refuses others with DOCUMENT_LOCKED). */
export const EDITABLE: readonly DocumentStatus[] = ['DRAFT', 'ISSUED', 'SENT'];

export function StatusBadge({ status }: { status: DocumentStatus }) {
  return <span className={`badge status-${status.toLowerCase()}`}>{STATUS_LABELS[status]}</span>;
}
