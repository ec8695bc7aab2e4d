import BigNumber from 'bignumber.js';
import {
  entityExportSource,
  exportDay,
  exportDecimal,
  type ExportColumn,
  type ExportRow,
} from '../../core/export-source';
import { Cost } from './cost.entity';
import { listCostsQuery } from './costs.inputs';
import { costListWhere } from './cost-list-filter';
import { amountDue } from './costs.views';

/** The columns of a costs export, in their default order. */
const COLUMNS: readonly ExportColumn<ExportRow<Cost>>[] = [
  { key: 'number', header: 'Number', type: 'text', value: (c) => c.number },
  { key: 'kind', header: 'Kind', type: 'text', value: (c) => c.kind },
  { key: 'status', header: 'Status', type: 'text', value: (c) => c.status },
  { key: 'supplierName', header: 'Supplier', type: 'text', value: (c) => c.supplier.name },
  { key: 'supplierTaxId', header: 'Supplier IČO', type: 'text', value: (c) => c.supplier.taxId },
  { key: 'supplierDocumentNumber', header: 'Supplier number', type: 'text', value: (c) => c.supplierDocumentNumber },
  { key: 'variableSymbol', header: 'Variable symbol', type: 'text', value: (c) => c.variableSymbol },
  { key: 'issueDate', header: 'Issue date', type: 'date', value: (c) => exportDay(c.issuedAt) },
  {
    key: 'taxableSupplyDate',
    header: 'Taxable supply date',
    type: 'date',
    value: (c) => exportDay(c.taxableSupplyDate),
  },
  { key: 'vatClaimDate', header: 'VAT claim date', type: 'date', value: (c) => exportDay(c.vatClaimDate) },
  { key: 'dueDate', header: 'Due date', type: 'date', value: (c) => exportDay(c.dueAt) },
  { key: 'currency', header: 'Currency', type: 'text', value: (c) => c.currency },
  { key: 'subtotal', header: 'Subtotal', type: 'number', value: (c) => exportDecimal(c.subtotal, 2) },
  { key: 'vatTotal', header: 'VAT', type: 'number', value: (c) => exportDecimal(c.vatTotal, 2) },
  { key: 'total', header: 'Total', type: 'number', value: (c) => exportDecimal(c.total, 2) },
  { key: 'paidAmount', header: 'Paid', type: 'number', value: (c) => exportDecimal(c.paidAmount, 2) },
  {
    key: 'remaining',
    header: 'Remaining',
    type: 'number',
    value: (c) => BigNumber.max(amountDue(c).minus(c.paidAmount), 0).toFixed(2),
  },
  { key: 'totalCzk', header: 'Total CZK', type: 'number', value: (c) => exportDecimal(c.totalCzk, 2) },
  { key: 'tags', header: 'Tags', type: 'text', value: (c) => c.tags.join(', ') },
  { key: 'note', header: 'Note', type: 'text', value: (c) => c.note },
];

/** The costs of GET /costs as an export reads them: the list's filters (costListWhere, shared with the list). */
export const costExportSource = entityExportSource({
  entity: Cost,
  query: listCostsQuery,
  columns: COLUMNS,
  where: costListWhere,
});
