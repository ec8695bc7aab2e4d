import type { DocumentStatus, DocumentType, ReverseChargeRegime } from '../../gql/graphql';

export const TYPE_LABELS: Record<DocumentType, string> = {
  INVOICE: 'Invoice',
  PROFORMA: 'Proforma invoice',
  QUOTE: 'Quote',
  ORDER: 'Order',
  DELIVERY_NOTE: 'Delivery note',
  CREDIT_NOTE: 'Credit note',
  ADVANCE_TAX_DOCUMENT: 'Advance tax document',
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

/** Reverse charge: the customer accounts for the VAT; the document charges none. */
export const REVERSE_CHARGE_LABELS: Record<ReverseChargeRegime, string> = {
  DOMESTIC: 'Domestic, § 92a (customer with a Czech DIČ)',
  EU_GOODS: 'EU supply of goods (customer with an EU VAT id)',
  EU_SERVICES: 'EU services (customer with an EU VAT id)',
};

export const TYPES = Object.keys(TYPE_LABELS) as DocumentType[];
/** What the form creates: an advance tax document is issued only for a payment received on a proforma. */
export const CREATABLE_TYPES = TYPES.filter((t) => t !== 'ADVANCE_TAX_DOCUMENT');
export const STATUSES = Object.keys(STATUS_LABELS) as DocumentStatus[];

/** Content changes only in these statuses (the server refuses others with DOCUMENT_LOCKED). */
export const EDITABLE: readonly DocumentStatus[] = ['DRAFT', 'ISSUED', 'SENT'];

export function StatusBadge({ status }: { status: DocumentStatus }) {
  return <span className={`badge status-${status.toLowerCase()}`}>{STATUS_LABELS[status]}</span>;
}
