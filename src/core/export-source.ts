import BigNumber from 'bignumber.js';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { EntityName, FilterQuery } from '@mikro-orm/core';
import { CZ_TZ } from './clock';
import type { Principal } from './access';
import { after, paginate, type DateKey } from './pagination';
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

/**
 * A row as an export reads it: the entity's properties as stored, not an entity (no hydration, no
 * identity map: four times faster and little garbage), a reference as the referenced id.
 */
export type ExportRow<T> = {
  [K in keyof T]: T[K] extends { id: string } ? string : T[K] extends { id: string } | null ? string | null : T[K];
};

export interface ExportSource<T, Filters = Record<string, unknown>> {
  /** The list's query schema (GET /<resource>): its parameters other than limit and cursor are the filters. */
  query: z.ZodObject;
  columns: readonly ExportColumn<ExportRow<T>>[];
  count(em: EntityManager, scope: ExportScope, filters: Filters, now: Date): Promise<number>;
  /** Rows in batches of at most `size`, in the list's keyset order. */
  rows(
    em: EntityManager,
    scope: ExportScope,
    filters: Filters,
    now: Date,
    size: number,
  ): AsyncGenerator<ExportRow<T>[]>;
  /** The same as entities (to print or convert them); `em` is cleared between batches. */
  entities(em: EntityManager, scope: ExportScope, filters: Filters, now: Date, size: number): AsyncGenerator<T[]>;
}

/** A list read as an export: the entity, the list's filter (the same function GET uses) and its keyset key. */
export interface EntityExportSpec<T extends { id: string; createdAt: Date }, Q extends z.ZodObject> {
  entity: EntityName<T>;
  query: Q;
  columns: readonly ExportColumn<ExportRow<T>>[];
  where(scope: ExportScope, filters: ListFilters<Q>, now: Date): FilterQuery<T>;
  /** The list's order key for these filters (default createdAt). */
  key?(filters: ListFilters<Q>): DateKey;
  /**
   * The properties the columns read, when the table is wide (documents): only these are selected
   * (with id and the keys), so a million rows do not parse the JSON of items nobody exports.
   */
  fields?: readonly (keyof T & string)[];
}

/** An export source over an entity list, in the list's own keyset order. */
export function entityExportSource<T extends { id: string; createdAt: Date; issuedAt?: Date }, Q extends z.ZodObject>(
  spec: EntityExportSpec<T, Q>,
): ExportSource<T, ListFilters<Q>> {
  return {
    query: spec.query,
    columns: spec.columns,
    count: (em, scope, filters, now) => em.count(spec.entity, spec.where(scope, filters, now)),
    async *rows(em, scope, filters, now, size) {
      const where = spec.where(scope, filters, now);
      const key = spec.key?.(filters) ?? 'createdAt';
      let last: { createdAt: Date; id: string } | null = null;
      for (;;) {
        const batch: ExportRow<T>[] = await em
          .createQueryBuilder(spec.entity)
          .select(spec.fields ? [...new Set(['id', 'createdAt', key, ...spec.fields])] : '*')
          .where(last ? after(where, key, last) : where)
          .orderBy({ [key]: 'asc', id: 'asc' })
          .limit(size)
          .execute('all', true);
        if (batch.length > 0) yield batch;
        if (batch.length < size) return;
        const row = batch[batch.length - 1] as unknown as Record<string, Date> & { id: string };
        last = { createdAt: row[key], id: row.id };
      }
    },
    async *entities(em, scope, filters, now, size) {
      const where = spec.where(scope, filters, now);
      const key = spec.key?.(filters) ?? 'createdAt';
      let cursor: string | undefined;
      do {
        em.clear();
        const page = await paginate(em, spec.entity, where, { limit: size, cursor }, { key });
        if (page.data.length > 0) yield page.data;
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      em.clear();
    },
  };
}

/** Czech days as YYYY-MM-DD (the en-CA form), one formatter for every row: dayjs's time zones cost 0.1 ms a call. */
const PRAGUE_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: CZ_TZ,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** A timestamp column as a Czech day (czechDate's answer, faster); null stays empty. */
export function exportDay(at: Date | null | undefined): string | null {
  return at ? PRAGUE_DAY.format(at) : null;
}

/** A decimal column (money: 2 places) as an exact decimal string; null stays empty. */
export function exportDecimal(value: string | number | null | undefined, places?: number): string | null {
  if (value === null || value === undefined) return null;
  const n = new BigNumber(value);
  return places === undefined ? n.toFixed() : n.toFixed(places);
}
