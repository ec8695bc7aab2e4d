import type { FilterQuery } from '@mikro-orm/core';
import {
  entityExportSource,
  exportDay,
  exportDecimal,
  type ExportColumn,
  type ExportRow,
  type ExportScope,
  type ListFilters,
} from '../../core/export-source';
import { Payment } from './payment.entity';
import { listPaymentsInput } from './payments.inputs';

/** The filters of GET /payments (its query without the page). */
export type PaymentFilters = ListFilters<typeof listPaymentsInput>;

/** The payments the list shows for `filters` in the scope's organization (GET /payments and its export). */
export function paymentListWhere(scope: ExportScope, filters: PaymentFilters): FilterQuery<Payment> {
  return {
    organization: scope.organization.id,
    ...(filters.matchStatus && { matchStatus: filters.matchStatus }),
    ...(filters.direction && { direction: filters.direction }),
    ...(filters.bankAccountId && { bankAccount: filters.bankAccountId }),
    ...(filters.documentId && { documentId: filters.documentId }),
    ...(filters.costId && { costId: filters.costId }),
  };
}

const COLUMNS: readonly ExportColumn<ExportRow<Payment>>[] = [
  { key: 'receivedDate', header: 'Date', type: 'date', value: (p) => exportDay(p.receivedAt) },
  { key: 'direction', header: 'Direction', type: 'text', value: (p) => p.direction },
  { key: 'amount', header: 'Amount', type: 'number', value: (p) => exportDecimal(p.amount, 2) },
  { key: 'currency', header: 'Currency', type: 'text', value: (p) => p.currency },
  { key: 'variableSymbol', header: 'Variable symbol', type: 'text', value: (p) => p.variableSymbol },
  { key: 'constantSymbol', header: 'Constant symbol', type: 'text', value: (p) => p.constantSymbol },
  { key: 'specificSymbol', header: 'Specific symbol', type: 'text', value: (p) => p.specificSymbol },
  { key: 'counterAccount', header: 'Counter account', type: 'text', value: (p) => p.counterAccount },
  { key: 'counterAccountName', header: 'Counter account name', type: 'text', value: (p) => p.counterAccountName },
  { key: 'message', header: 'Message', type: 'text', value: (p) => p.message },
  { key: 'transactionId', header: 'Transaction id', type: 'text', value: (p) => p.transactionId },
  { key: 'bankAccountId', header: 'Bank account id', type: 'text', value: (p) => p.bankAccount },
  { key: 'source', header: 'Source', type: 'text', value: (p) => p.source },
  { key: 'method', header: 'Method', type: 'text', value: (p) => p.method },
  { key: 'note', header: 'Note', type: 'text', value: (p) => p.note },
  { key: 'matchStatus', header: 'Match status', type: 'text', value: (p) => p.matchStatus },
  { key: 'documentId', header: 'Document id', type: 'text', value: (p) => p.documentId },
  { key: 'costId', header: 'Cost id', type: 'text', value: (p) => p.costId },
];

/** The payments of GET /payments as an export reads them. */
export const paymentExportSource = entityExportSource({
  entity: Payment,
  query: listPaymentsInput,
  columns: COLUMNS,
  where: paymentListWhere,
});
