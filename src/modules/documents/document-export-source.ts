import {
  entityExportSource,
  exportDay,
  exportDecimal,
  type ExportColumn,
  type ExportRow,
} from '../../core/export-source';
import { Document } from './document.entity';
import { listDocumentsQuery } from './document.inputs';
import { documentListKey, documentListWhere } from './document-list-filter';
import { remainingOf } from './document.views';

/** The columns of a documents export, in their default order. */
const COLUMNS: readonly ExportColumn<ExportRow<Document>>[] = [
  { key: 'number', header: 'Number', type: 'text', value: (d) => d.number },
  { key: 'type', header: 'Type', type: 'text', value: (d) => d.type },
  { key: 'status', header: 'Status', type: 'text', value: (d) => d.status },
  { key: 'issueDate', header: 'Issue date', type: 'date', value: (d) => exportDay(d.issuedAt) },
  { key: 'dueDate', header: 'Due date', type: 'date', value: (d) => exportDay(d.dueAt) },
  {
    key: 'taxableSupplyDate',
    header: 'Taxable supply date',
    type: 'date',
    value: (d) => exportDay(d.taxableSupplyDate),
  },
  { key: 'clientName', header: 'Client', type: 'text', value: (d) => d.clientName },
  { key: 'contactId', header: 'Contact id', type: 'text', value: (d) => d.contact },
  { key: 'variableSymbol', header: 'Variable symbol', type: 'text', value: (d) => d.variableSymbol },
  { key: 'currency', header: 'Currency', type: 'text', value: (d) => d.currency },
  { key: 'subtotal', header: 'Subtotal', type: 'number', value: (d) => exportDecimal(d.subtotal, 2) },
  { key: 'vatTotal', header: 'VAT', type: 'number', value: (d) => exportDecimal(d.vatTotal, 2) },
  { key: 'total', header: 'Total', type: 'number', value: (d) => exportDecimal(d.total, 2) },
  { key: 'paidAmount', header: 'Paid', type: 'number', value: (d) => exportDecimal(d.paidAmount, 2) },
  { key: 'remaining', header: 'Remaining', type: 'number', value: (d) => remainingOf(d) },
  { key: 'exchangeRate', header: 'Exchange rate', type: 'number', value: (d) => exportDecimal(d.exchangeRate) },
  { key: 'totalCzk', header: 'Total CZK', type: 'number', value: (d) => exportDecimal(d.totalCzk, 2) },
  { key: 'tags', header: 'Tags', type: 'text', value: (d) => d.tags.join(', ') },
  { key: 'note', header: 'Note', type: 'text', value: (d) => d.note },
];

/**
 * The documents of GET /documents as an export reads them (issue 27 point 4): the list's filters and
 * its department limits (documentListWhere, shared with the list), in the list's keyset order.
 */
export const documentExportSource = entityExportSource({
  entity: Document,
  query: listDocumentsQuery,
  columns: COLUMNS,
  where: (scope, filters) => documentListWhere(scope, filters),
  key: documentListKey,
  fields: [
    'number',
    'type',
    'status',
    'issuedAt',
    'dueAt',
    'taxableSupplyDate',
    'clientName',
    'contact',
    'variableSymbol',
    'currency',
    'subtotal',
    'vatTotal',
    'total',
    'paidAmount',
    'creditedAmount',
    'exchangeRate',
    'totalCzk',
    'tags',
    'note',
  ],
});
