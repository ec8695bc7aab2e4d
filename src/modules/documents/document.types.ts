/** Document types and statuses (SPEC 3). */
export const DOCUMENT_TYPES = [
  'INVOICE',
  'PROFORMA',
  'QUOTE',
  'ORDER',
  'DELIVERY_NOTE',
  'CREDIT_NOTE',
  'ADVANCE_TAX_DOCUMENT',
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** The types POST /documents creates; an ADVANCE_TAX_DOCUMENT is issued only for a proforma's payment (advances.ts). */
export const CREATABLE_TYPES = ['INVOICE', 'PROFORMA', 'QUOTE', 'ORDER', 'DELIVERY_NOTE', 'CREDIT_NOTE'] as const;

/** ACCEPTED and DECLINED: a QUOTE the customer answered (quotes.ts). */
export const DOCUMENT_STATUSES = [
  'DRAFT',
  'ISSUED',
  'SENT',
  'PAID',
  'CANCELLED',
  'ARCHIVED',
  'ACCEPTED',
  'DECLINED',
] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

/** How a register issued a POS document (SPEC 2.6); SALE_RECEIPT is an over-limit SIMPLIFIED one. */
export const POS_DOCUMENT_KINDS = ['SIMPLIFIED', 'TAX_DOCUMENT', 'INVOICE', 'SALE_RECEIPT'] as const;
export type PosDocumentKind = (typeof POS_DOCUMENT_KINDS)[number];

/** Types that ask for money and can therefore become PAID. */
export const PAYABLE_TYPES: readonly DocumentType[] = ['INVOICE', 'PROFORMA', 'CREDIT_NOTE'];

/** Tax documents (daňové doklady, § 28 ZDPH): only they state a taxable supply date (DUZP). */
export const TAX_DOCUMENT_TYPES: readonly DocumentType[] = ['INVOICE', 'CREDIT_NOTE', 'ADVANCE_TAX_DOCUMENT'];

/** Types that ask for no money: printed and e-mailed without payment details (due date, account, VS, QR). */
export const WITHOUT_PAYMENT_DETAILS: readonly DocumentType[] = ['ORDER', 'DELIVERY_NOTE'];

/** The statuses of a customer's answer: only a QUOTE reaches them. */
export const ANSWER_STATUSES: readonly DocumentStatus[] = ['ACCEPTED', 'DECLINED'];

/** One line of a document, with its computed amounts (decimal strings, 2 places). */
export interface DocumentItem {
  name: string;
  quantity: string;
  unit: string;
  unitPrice: string;
  vatRate: string;
  priceIncludesVat: boolean;
  base: string;
  vat: string;
  total: string;
}

/** A credit note as the document it corrects lists it. */
export interface CreditNoteRef {
  id: string;
  number: string;
}

/**
 * An advance as a proforma lists it (its advance tax documents, each for one payment) and as a final
 * invoice lists what it settles (the advance tax documents, or the proforma for a payment taxed by no
 * advance tax document); amount is the advance's total.
 */
export interface AdvanceRef {
  id: string;
  number: string;
  amount: string;
  /** The bank payment it was issued for; null in a final invoice's list. */
  paymentId: string | null;
}
