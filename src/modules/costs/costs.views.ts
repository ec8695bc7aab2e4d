import BigNumber from 'bignumber.js';
import { czechDate } from '../../core/clock';
import { czkView, type RateTotals } from '../../core/czk-amounts';
import { itemViews, vatSplit, type DocumentItemView } from '../documents/documents.module';
import type { CostAttachment } from './cost-attachment.entity';
import type { Cost } from './cost.entity';
import type { CostKind, CostStatus, PaymentAccount, SupplierSnapshot } from './cost.types';

export interface VatSummaryRow {
  vatRate: number;
  subtotal: string;
  vatTotal: string;
  total: string;
}

/** A file kept with a cost, as its record lists it (GET /costs/:id/attachments/:attachmentId has the bytes). */
export interface CostAttachmentView {
  id: string;
  filename: string;
  contentType: string;
  size: number;
  createdAt: string;
}

export function attachmentView(a: CostAttachment): CostAttachmentView {
  return {
    id: a.id,
    filename: a.filename,
    contentType: a.contentType,
    size: a.size,
    createdAt: a.createdAt.toISOString(),
  };
}

/** The REST and GraphQL record of a received cost. Money is a decimal string with 2 places. */
export interface CostView {
  id: string;
  number: string;
  kind: CostKind;
  status: CostStatus;
  supplierId: string;
  supplier: SupplierSnapshot;
  supplierDocumentNumber: string | null;
  variableSymbol: string | null;
  paymentAccount: PaymentAccount | null;
  issuedAt: string;
  taxableSupplyDate: string;
  receivedAt: string;
  vatClaimDate: string;
  dueAt: string;
  currency: string;
  items: DocumentItemView[];
  subtotal: string;
  vatTotal: string;
  total: string;
  vatSummary: VatSummaryRow[];
  /** CZK per 1 unit of currency; null on a foreign-currency cost recorded before rates were kept. */
  exchangeRate: string | null;
  subtotalCzk: string | null;
  vatTotalCzk: string | null;
  totalCzk: string | null;
  /** vatSummary in CZK: what the VAT report and the control statement count. */
  vatRatesCzk: VatSummaryRow[] | null;
  reverseCharge: boolean;
  taxDeductible: boolean;
  tags: string[];
  note: string | null;
  /** The inbox item the cost was confirmed from; null when entered by hand or imported. */
  inboxItemId: string | null;
  paidAmount: string;
  remainingAmount: string;
  overdue: boolean;
  paidAt: string | null;
  cancelledAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** Files kept with the cost (an imported ISDOC), oldest first. */
  attachments: CostAttachmentView[];
}

/** What the supplier is paid: the total, or only the subtotal when the company self-assesses the VAT. */
export function amountDue(cost: Pick<Cost, 'reverseCharge' | 'subtotal' | 'total'>): BigNumber {
  return new BigNumber(cost.reverseCharge ? cost.subtotal : cost.total);
}

/** Unpaid after its due day: the Czech day of `now` is later than the Czech day of dueAt. */
export function isOverdue(cost: Pick<Cost, 'status' | 'dueAt'>, now: Date): boolean {
  return cost.status === 'OPEN' && czechDate(now) > czechDate(cost.dueAt);
}

/** What names a cost, first in its record and in the payload of its events. */
export function costIdentity(cost: Cost) {
  return {
    id: cost.id,
    number: cost.number,
    kind: cost.kind,
    status: cost.status,
    supplierId: cost.supplierContact.id,
  };
}

function summaryRow(r: RateTotals): VatSummaryRow {
  return { ...r, vatRate: Number(r.vatRate) };
}

export function costView(cost: Cost, now: Date, attachments: CostAttachment[] = []): CostView {
  return {
    ...costIdentity(cost),
    supplier: cost.supplier,
    supplierDocumentNumber: cost.supplierDocumentNumber,
    variableSymbol: cost.variableSymbol,
    paymentAccount: cost.paymentAccount,
    issuedAt: cost.issuedAt.toISOString(),
    taxableSupplyDate: cost.taxableSupplyDate.toISOString(),
    receivedAt: cost.receivedAt.toISOString(),
    vatClaimDate: cost.vatClaimDate.toISOString(),
    dueAt: cost.dueAt.toISOString(),
    currency: cost.currency,
    items: itemViews(cost),
    subtotal: new BigNumber(cost.subtotal).toFixed(2),
    vatTotal: new BigNumber(cost.vatTotal).toFixed(2),
    total: new BigNumber(cost.total).toFixed(2),
    vatSummary: vatSplit(cost.items).map(summaryRow),
    ...czkView(cost),
    vatRatesCzk: cost.vatRatesCzk?.map(summaryRow) ?? null,
    reverseCharge: cost.reverseCharge,
    taxDeductible: cost.taxDeductible,
    tags: cost.tags,
    note: cost.note,
    inboxItemId: cost.inboxItemId,
    paidAmount: new BigNumber(cost.paidAmount).toFixed(2),
    remainingAmount: BigNumber.max(amountDue(cost).minus(cost.paidAmount), 0).toFixed(2),
    overdue: isOverdue(cost, now),
    paidAt: cost.paidAt?.toISOString() ?? null,
    cancelledAt: cost.cancelledAt?.toISOString() ?? null,
    createdAt: cost.createdAt.toISOString(),
    updatedAt: cost.updatedAt.toISOString(),
    attachments: attachments.map(attachmentView),
  };
}
