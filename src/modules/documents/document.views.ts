import BigNumber from 'bignumber.js';
import { czkView } from '../../core/czk-amounts';
import type { DocumentLanguage } from '../../core/languages';
import type { Document } from './document.entity';
import type { VatRateTotals } from './document-totals';
import { nextStatuses } from './document-status';
import { reverseChargeOf, type ReverseCharge } from './reverse-charge';
import type {
  AdvanceRef,
  CreditNoteRef,
  DocumentItem,
  DocumentStatus,
  DocumentType,
  PosDocumentKind,
} from './document.types';
import { conversionsOf } from './conversion-pairs';

export interface DocumentItemView {
  name: string;
  quantity: number;
  unit: string;
  unitPrice: number;
  vatRate: number;
  priceIncludesVat: boolean;
  base: string;
  vat: string;
  total: string;
}

/** What a document costs and how much of it is paid, as its record and its public page show it. */
export interface DocumentAmountsView {
  currency: string;
  items: DocumentItemView[];
  subtotal: string;
  vatTotal: string;
  total: string;
  paidAmount: string;
  /** The signed sum of the credit notes correcting the document (negative lowers what is due). */
  creditedAmount: string;
  /** total + creditedAmount − paidAmount, never below zero. */
  remainingAmount: string;
}

/** The REST and GraphQL record of a document. Money is a decimal string with 2 places. */
export interface DocumentView extends DocumentAmountsView {
  id: string;
  type: DocumentType;
  status: DocumentStatus;
  /** The statuses POST /transition accepts now. */
  allowedTransitions: DocumentStatus[];
  number: string;
  variableSymbol: string | null;
  contactId: string | null;
  clientName: string | null;
  departmentId: string | null;
  tags: string[];
  customFields: Record<string, string>;
  note: string | null;
  /** Its PDF's, public page's and e-mail's language; null: the company's. */
  language: DocumentLanguage | null;
  issuedAt: string;
  dueAt: string;
  /** DUZP; the issue date unless set. */
  taxableSupplyDate: string;
  /** CZK per 1 unit of currency and the amounts in CZK (null on a foreign-currency document made before they were kept). */
  exchangeRate: string | null;
  subtotalCzk: string | null;
  vatTotalCzk: string | null;
  totalCzk: string | null;
  vatRatesCzk: VatRateTotals[] | null;
  sentAt: string | null;
  paidAt: string | null;
  cancelledAt: string | null;
  publicUrl: string;
  /** POS documents: the issuing register and kind; null for documents made through the general API. */
  posDeviceId: string | null;
  posDocumentKind: PosDocumentKind | null;
  /** A credit note: the document it corrects (§ 45 ZDPH) and why; null otherwise. */
  correctedDocumentId: string | null;
  correctedDocumentNumber: string | null;
  creditNoteReason: string | null;
  /** The credit notes correcting the document, oldest first. */
  creditNotes: CreditNoteRef[];
  /** Reverse charge (the customer accounts for the VAT; the document charges none); null otherwise. */
  reverseCharge: ReverseCharge | null;
  /** An advance tax document or a final invoice: its proforma (advances.ts); null otherwise. */
  proformaId: string | null;
  proformaNumber: string | null;
  /** A proforma: its advance tax documents, one per payment received, oldest first. */
  advanceDocuments: AdvanceRef[];
  /** A proforma: its final invoice, once made. */
  finalInvoiceId: string | null;
  /** A final invoice: the advances its deduction lines take off. */
  settledAdvances: AdvanceRef[];
  /** The types POST /convert makes of it now. */
  convertibleTo: DocumentType[];
  /** The document this one was converted from, and the documents converted from it (oldest first). */
  sourceDocumentId: string | null;
  recurringSeriesId: string | null;
  derivedDocumentIds: string[];
  /** A QUOTE: its validity, and the customer's answer on its public page (when, from which IP, the note). */
  validUntil: string | null;
  answeredAt: string | null;
  answeredIp: string | null;
  answerNote: string | null;
  /** The number of the content's current version (GET /documents/:id/versions); null for a draft. */
  version: number | null;
  createdAt: string;
  updatedAt: string;
}

export function publicUrlOf(baseUrl: string, doc: Document): string {
  return `${baseUrl}/public/documents/${doc.publicToken}`;
}

/** The lines of a document or of a received cost, as the API shows them. */
export function itemViews(doc: { items: DocumentItem[] }): DocumentItemView[] {
  return doc.items.map((i) => ({
    name: i.name,
    quantity: Number(i.quantity),
    unit: i.unit,
    unitPrice: Number(i.unitPrice),
    vatRate: Number(i.vatRate),
    priceIncludesVat: i.priceIncludesVat,
    base: i.base,
    vat: i.vat,
    total: i.total,
  }));
}

/** What the document asks for: its total corrected by its credit notes. */
export function dueOf(doc: { total: string; creditedAmount?: string }): BigNumber {
  return new BigNumber(doc.total).plus(doc.creditedAmount ?? 0);
}

export function remainingOf(doc: { total: string; creditedAmount?: string; paidAmount: string }): string {
  return BigNumber.max(dueOf(doc).minus(doc.paidAmount), 0).toFixed(2);
}

export function amountsView(
  doc: Pick<Document, 'currency' | 'items' | 'subtotal' | 'vatTotal' | 'total' | 'paidAmount'> & {
    creditedAmount?: string;
  },
): DocumentAmountsView {
  return {
    currency: doc.currency,
    items: itemViews(doc),
    subtotal: new BigNumber(doc.subtotal).toFixed(2),
    vatTotal: new BigNumber(doc.vatTotal).toFixed(2),
    total: new BigNumber(doc.total).toFixed(2),
    paidAmount: new BigNumber(doc.paidAmount).toFixed(2),
    creditedAmount: new BigNumber(doc.creditedAmount ?? 0).toFixed(2),
    remainingAmount: remainingOf(doc),
  };
}

export function documentView(doc: Document, baseUrl: string): DocumentView {
  return {
    id: doc.id,
    type: doc.type,
    status: doc.status,
    allowedTransitions: nextStatuses(doc),
    number: doc.number,
    variableSymbol: doc.variableSymbol,
    contactId: doc.contact?.id ?? null,
    clientName: doc.clientName,
    departmentId: doc.departmentId,
    ...amountsView(doc),
    tags: doc.tags,
    customFields: doc.customFields,
    note: doc.note,
    language: doc.language,
    issuedAt: doc.issuedAt.toISOString(),
    dueAt: doc.dueAt.toISOString(),
    taxableSupplyDate: (doc.taxableSupplyDate ?? doc.issuedAt).toISOString(),
    ...czkView(doc),
    sentAt: doc.sentAt?.toISOString() ?? null,
    paidAt: doc.paidAt?.toISOString() ?? null,
    cancelledAt: doc.cancelledAt?.toISOString() ?? null,
    publicUrl: publicUrlOf(baseUrl, doc),
    posDeviceId: doc.posDeviceId,
    posDocumentKind: doc.posDocumentKind,
    correctedDocumentId: doc.correctedDocumentId,
    correctedDocumentNumber: doc.correctedDocumentNumber,
    creditNoteReason: doc.creditNoteReason,
    creditNotes: doc.creditNotes,
    reverseCharge: reverseChargeOf(doc),
    proformaId: doc.proformaId,
    proformaNumber: doc.proformaNumber,
    advanceDocuments: doc.advanceDocuments,
    finalInvoiceId: doc.finalInvoiceId,
    settledAdvances: doc.settledAdvances,
    convertibleTo: conversionsOf(doc),
    sourceDocumentId: doc.sourceDocumentId,
    recurringSeriesId: doc.recurringSeriesId,
    derivedDocumentIds: doc.derivedDocumentIds,
    validUntil: doc.validUntil?.toISOString() ?? null,
    answeredAt: doc.answeredAt?.toISOString() ?? null,
    answeredIp: doc.answeredIp,
    answerNote: doc.answerNote,
    version: doc.status === 'DRAFT' ? null : doc.version,
    createdAt: doc.createdAt.toISOString(),
    updatedAt: doc.updatedAt.toISOString(),
  };
}
