import BigNumber from 'bignumber.js';
import type { Document } from '../documents/documents.module';

const fixed = (v: string) => new BigNumber(v).toFixed(2);

/** SPEC 2.6: the record of an issued POS document. */
export interface PosDocumentRecord {
  id: string;
  number: string;
  status: string;
  posDeviceId: string | null;
  posDocumentKind: string | null;
  issuedAt: string;
  dueAt: string;
  paidAt: string | null;
  currency: string;
  subtotal: string;
  vatTotal: string;
  roundingAmount: string;
  total: string;
  clientName: string | null;
  paymentMethod: string | null;
  variableSymbol: string | null;
  createdAt: string;
}

export type PosDocumentFields = Pick<
  Document,
  | 'id'
  | 'number'
  | 'status'
  | 'posDeviceId'
  | 'posDocumentKind'
  | 'issuedAt'
  | 'dueAt'
  | 'paidAt'
  | 'currency'
  | 'subtotal'
  | 'vatTotal'
  | 'roundingAmount'
  | 'total'
  | 'clientName'
  | 'paymentMethod'
  | 'variableSymbol'
  | 'createdAt'
>;

export function posDocumentRecord(d: PosDocumentFields): PosDocumentRecord {
  return {
    id: d.id,
    number: d.number,
    status: d.status,
    posDeviceId: d.posDeviceId,
    posDocumentKind: d.posDocumentKind,
    issuedAt: d.issuedAt.toISOString(),
    dueAt: d.dueAt.toISOString(),
    paidAt: d.paidAt?.toISOString() ?? null,
    currency: d.currency,
    subtotal: fixed(d.subtotal),
    vatTotal: fixed(d.vatTotal),
    roundingAmount: fixed(d.roundingAmount),
    total: fixed(d.total),
    clientName: d.clientName,
    paymentMethod: d.paymentMethod,
    variableSymbol: d.variableSymbol,
    createdAt: d.createdAt.toISOString(),
  };
}

export interface CancelRecord {
  id: string;
  number: string;
  status: string;
  posDeviceId: string | null;
  issuedAt: string;
  canceledAt: string | null;
}

export function cancelRecord(d: Document): CancelRecord {
  return {
    id: d.id,
    number: d.number,
    status: d.status,
    posDeviceId: d.posDeviceId,
    issuedAt: d.issuedAt.toISOString(),
    canceledAt: d.cancelledAt?.toISOString() ?? null,
  };
}

export interface CreditNoteRecord {
  id: string;
  number: string;
  status: string;
  correctedDocumentId: string | null;
  creditNoteReason: string;
  clientName: string | null;
  total: string;
}

export function creditNoteRecord(d: Document): CreditNoteRecord {
  return {
    id: d.id,
    number: d.number,
    status: d.status,
    correctedDocumentId: d.correctedDocumentId,
    creditNoteReason: d.creditNoteReason ?? '',
    clientName: d.clientName,
    total: fixed(d.total),
  };
}

/** `{ data, replayed }`: the POS success envelope (SPEC 4.5). */
export interface PosAnswer<T> {
  data: T;
  replayed: boolean;
}
