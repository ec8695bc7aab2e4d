import BigNumber from 'bignumber.js';
import type { DocumentLanguage } from '../../core/languages';
import type { Document } from './document.entity';
import type { VatRateTotals } from './document-totals';
import { nextStatuses } from './document-status';
import type { CreditNoteRef, DocumentItem, DocumentStatus, DocumentType, PosDocumentKind } from './document.types';

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

function czkView(
  doc: Document,
): Pick<DocumentView, 'exchangeRate' | 'subtotalCzk' | 'vatTotalCzk' | 'totalCzk' | 'vatRatesCzk'> {
  const fixed = (v: string | null) => (v === null ? null : new BigNumber(v).toFixed(2));
  return {
    exchangeRate: doc.exchangeRate === null ? null : new BigNumber(doc.exchangeRate).toFixed(),
    subtotalCzk: fixed(doc.subtotalCzk),
    vatTotalCzk: fixed(doc.vatTotalCzk),
    totalCzk: fixed(doc.totalCzk),
    vatRatesCzk: doc.vatRatesCzk,
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
    version: doc.status === 'DRAFT' ? null : doc.version,
    createdAt: doc.createdAt.toISOString(),
    updatedAt: doc.updatedAt.toISOString(),
  };
}
