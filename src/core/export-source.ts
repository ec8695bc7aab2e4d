import BigNumber from 'bignumber.js';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { EntityName, FilterQuery } from '@mikro-orm/core';
import { czechDate } from './clock';
import type { Principal } from './access';
import { paginate } from './pagination';
import type { z } from './validation';

/**
 * What a module lends bulk exports (issue 27 point 4): the rows of one of its lists, read in keyset
 * batches with the list's own filters and the caller's visibility, and the columns a file shows.
 */

/** How a column's value is written: text as is, number an exact decimal string, date a Czech day (YYYY-MM-DD). */
export type ExportColumnType = 'text' | 'number' | 'date';

export interface ExportColumn<Row> {
  key: string;
  header: string;
  type: ExportColumnType;
  /** The cell: text, an exact decimal string (number) or YYYY-MM-DD (date); null is an empty cell. */
  value(row: Row): string | null;
}

/** Who the rows are read for: the organization and, for a caller limited to departments, those (null: all). */
export interface ExportScope {
  organization: { id: string };
  departmentIds: string[] | null;
}

/** The scope of a caller, kept with an export so the job reads what the caller saw. */
export function exportScopeOf(principal: Pick<Principal, 'organization' | 'departmentIds'>): ExportScope {
  return { organization: { id: principal.organization.id }, departmentIds: principal.departmentIds };
}

/** The filters of a list: its query without the page (limit, cursor). */
export type ListFilters<Q extends z.ZodObject> = Omit<z.infer<Q>, 'limit' | 'cursor'>;

export interface ExportSource<Row, Filters = Record<string, unknown>> {
  /** The list's query schema (GET /<resource>): its parameters other than limit and cursor are the filters. */
  query: z.ZodObject;
  columns: readonly ExportColumn<Row>[];
  count(em: EntityManager, scope: ExportScope, filters: Filters, now: Date): Promise<number>;
  /** Batches of at most `size` rows in keyset order; `em` is cleared between batches. */
  batches(em: EntityManager, scope: ExportScope, filters: Filters, now: Date, size: number): AsyncGenerator<Row[]>;
}

/** A list read as an export: the entity, the list's filter (the same function GET uses) and its keyset key. */
export interface EntityExportSpec<T extends { id: string; createdAt: Date }, Q extends z.ZodObject> {
  entity: EntityName<T>;
  query: Q;
  columns: readonly ExportColumn<T>[];
  where(scope: ExportScope, filters: ListFilters<Q>, now: Date): FilterQuery<T>;
  /** The list's order key for these filters (default createdAt). */
  key?(filters: ListFilters<Q>): 'createdAt' | 'issuedAt';
  populate?: readonly string[];
}

/** An export source over an entity list, paging with the list's own keyset pagination. */
export function entityExportSource<T extends { id: string; createdAt: Date; issuedAt?: Date }, Q extends z.ZodObject>(
  spec: EntityExportSpec<T, Q>,
): ExportSource<T, ListFilters<Q>> {
  return {
    query: spec.query,
    columns: spec.columns,
    count: (em, scope, filters, now) => em.count(spec.entity, spec.where(scope, filters, now)),
    async *batches(em, scope, filters, now, size) {
      const where = spec.where(scope, filters, now);
      const key = spec.key?.(filters) ?? 'createdAt';
      let cursor: string | undefined;
      do {
        em.clear();
        const page = await paginate(em, spec.entity, where, { limit: size, cursor }, { key, populate: spec.populate });
        if (page.data.length > 0) yield page.data;
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      em.clear();
    },
  };
}

/** A timestamp column as a Czech day; null stays empty. */
export function exportDay(at: Date | null | undefined): string | null {
  return at ? czechDate(at) : null;
}

/** A decimal column (money: 2 places) as an exact decimal string; null stays empty. */
export function exportDecimal(value: string | number | null | undefined, places?: number): string | null {
  if (value === null || value === undefined) return null;
  const n = new BigNumber(value);
  return places === undefined ? n.toFixed() : n.toFixed(places);
}
