import { raw, type FilterQuery } from '@mikro-orm/core';
import { CZ_TZ, dayjs } from '../../core/clock';
import type { ExportScope, ListFilters } from '../../core/export-source';
import { containsPattern, trigramCore } from '../../core/search';
import type { Document } from './document.entity';
import type { listDocumentsQuery } from './document.inputs';
import { visibleDocuments } from './document-scope';

/** The filters of GET /documents (its query without the page): what the list and an export of it read. */
export type DocumentFilters = ListFilters<typeof listDocumentsQuery>;

/** The documents the list shows for `filters` to a caller of `scope` (its organization and departments). */
export function documentListWhere(scope: ExportScope, q: DocumentFilters): FilterQuery<Document> {
  const filters: FilterQuery<Document>[] = [visibleDocuments(scope)];
  if (q.type) filters.push({ type: q.type });
  if (q.status) filters.push({ status: q.status });
  if (q.contactId) filters.push({ contact: q.contactId });
  if (q.tag) filters.push({ tags: { $contains: [q.tag] } });
  if (q.from) filters.push({ issuedAt: { $gte: dayjs.tz(q.from, CZ_TZ).toDate() } });
  if (q.to) filters.push({ issuedAt: { $lt: dayjs.tz(q.to, CZ_TZ).add(1, 'day').toDate() } });
  if (q.search) filters.push(searchFilter(q.search));
  if (q.unpaid) filters.push({ status: { $in: ['ISSUED', 'SENT'] } });
  if (q.dueBefore) filters.push({ dueAt: { $lt: dayjs.tz(q.dueBefore, CZ_TZ).toDate() } });
  return { $and: filters };
}

/**
 * The list's order: a date range is read in issue-date order, along (organization_id, issued_at, id):
 * in creation order PostgreSQL would walk every document created before the range to fill one page.
 */
export function documentListKey(q: DocumentFilters): 'issuedAt' | 'createdAt' {
  return q.from || q.to ? 'issuedAt' : 'createdAt';
}

const SEARCHED = [
  ['number', 'number'],
  ['variableSymbol', 'variable_symbol'],
  ['clientName', 'client_name'],
] as const;

/**
 * A case-insensitive substring of the number, the variable symbol or the client name. Each column
 * has a trigram index (Migration0012); the index is asked for the term's core (see trigramCore) and
 * the whole term is then checked on the rows it finds.
 */
function searchFilter(term: string): FilterQuery<Document> {
  const core = trigramCore(term);
  return {
    $or: SEARCHED.map(([property, column]) => {
      const indexed = { [property]: { $ilike: containsPattern(core) } };
      if (core === term) return indexed;
      const exact = { [raw((alias: string) => `strpos(lower(${alias}.${column}), lower(?))`, [term])]: { $gt: 0 } };
      return { $and: [indexed, exact] };
    }),
  };
}
