import type { EntityManager } from '@mikro-orm/postgresql';
import type { EntityName, FilterQuery } from '@mikro-orm/core';
import { ValidationError } from './errors';
import { id } from './fields';
import { paginationInput, z, type Page, type Pagination } from './validation';

interface Keyed {
  id: string;
  createdAt: Date;
  issuedAt?: Date;
}

/**
 * A cursor names the row it follows and, when given `sort`, the order it was made in: a cursor is
 * valid only with its own order (decodeCursor refuses it under another one).
 */
export function encodeCursor(row: Keyed, key: DateKey = 'createdAt', sort?: SortKey): string {
  const at = (row[key] as Date).toISOString();
  return Buffer.from(JSON.stringify(sort ? [at, row.id, sort] : [at, row.id])).toString('base64url');
}

/**
 * The row a cursor follows. With `sort`, the cursor must have been made in that order; a cursor
 * naming no order (made before lists had `sort`) passes for an ascending order only.
 */
export function decodeCursor(cursor: string, sort?: SortKey): { createdAt: Date; id: string } {
  let decoded: { createdAt: Date; id: string; sort: unknown };
  try {
    const [at, id, madeIn] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [string, string, unknown];
    const createdAt = new Date(at);
    if (typeof id !== 'string' || Number.isNaN(createdAt.getTime())) throw new Error('bad cursor');
    decoded = { createdAt, id, sort: madeIn };
  } catch {
    throw new ValidationError('Invalid cursor', [{ path: 'cursor', message: 'not a cursor returned by this list' }]);
  }
  const untaggedAscending = decoded.sort === undefined && !sort?.startsWith('-');
  if (sort && decoded.sort !== sort && !untaggedAscending)
    throw new ValidationError('Invalid cursor', [
      { path: 'cursor', message: `not a cursor of this list in order ${sort}` },
    ]);
  return { createdAt: decoded.createdAt, id: decoded.id };
}

/** The timestamp a list is ordered by (with id as the tie-break): createdAt unless the list says otherwise. */
export type DateKey = 'createdAt' | 'issuedAt';

/** A list's order: a timestamp ascending (`createdAt`), or descending with a leading minus (`-createdAt`, newest first). */
export type SortKey = DateKey | `-${DateKey}`;

/**
 * The query of a list endpoint: the page, its order `sort` (one of `keys`, each also descending)
 * and `view`, a saved view whose filters and sort apply under the explicit parameters (the
 * savedviews module resolves it before the list parses its query).
 */
export function listInput<const K extends DateKey>(keys: readonly [K, ...K[]]) {
  const orders = keys.flatMap((k) => [k, `-${k}` as const]) as [K | `-${K}`, ...(K | `-${K}`)[]];
  return paginationInput.extend({
    sort: z
      .enum(orders)
      .optional()
      .meta({ description: `Order: ${orders.join(', ')} (a leading minus: newest first); default the oldest first` }),
    view: id()
      .optional()
      .meta({ description: "A saved view's id: its filters and sort apply; explicit parameters override them" }),
  });
}

/**
 * Keyset pagination over (key, id): in the page's `sort` when it has one, else oldest first by
 * `options.key` (createdAt unless given). Descending orders walk the same index backwards.
 */
export async function paginate<T extends Keyed>(
  em: EntityManager,
  entity: EntityName<T>,
  where: FilterQuery<T>,
  page: Pagination & { sort?: SortKey },
  options: { populate?: readonly string[]; key?: DateKey } = {},
): Promise<Page<T>> {
  const sort: SortKey = page.sort ?? options.key ?? 'createdAt';
  const descending = sort.startsWith('-');
  const key = (descending ? sort.slice(1) : sort) as DateKey;
  const filter = page.cursor ? after(where, key, decodeCursor(page.cursor, sort), descending) : where;
  const direction = descending ? 'desc' : 'asc';
  const rows = await em.find(entity, filter, {
    orderBy: { [key]: direction, id: direction } as never,
    limit: page.limit + 1,
    populate: options.populate as never,
  });
  const hasMore = rows.length > page.limit;
  const data = hasMore ? rows.slice(0, page.limit) : rows;
  return { data, nextCursor: hasMore ? encodeCursor(data[data.length - 1], key, sort) : null };
}

/** `where` and past `cursor` in the order (key, id): ascending, or descending when `descending`. */
export function after<T>(
  where: FilterQuery<T>,
  key: DateKey,
  cursor: { createdAt: Date; id: string },
  descending = false,
): FilterQuery<T> {
  const [from, beyond] = descending ? (['$lte', '$lt'] as const) : (['$gte', '$gt'] as const);
  // The redundant `key >= c` (`<=` descending) is what an index on (…, key, id) can start its scan
  // at; the OR alone would make PostgreSQL read every row beyond the cursor's timestamp range.
  return {
    $and: [
      where,
      { [key]: { [from]: cursor.createdAt } },
      { $or: [{ [key]: { [beyond]: cursor.createdAt } }, { [key]: cursor.createdAt, id: { [beyond]: cursor.id } }] },
    ],
  } as FilterQuery<T>;
}

export function mapPage<T, U>(page: Page<T>, fn: (row: T) => U): Page<U> {
  return { data: page.data.map(fn), nextCursor: page.nextCursor };
}

/** Keyset pagination over (createdAt, id), newest first (logs and notifications). */
export async function newestFirst<T extends Keyed>(
  em: EntityManager,
  entity: EntityName<T>,
  where: FilterQuery<T>,
  page: Pagination,
): Promise<Page<T>> {
  let filter = where;
  if (page.cursor) {
    const c = decodeCursor(page.cursor);
    filter = {
      $and: [where, { $or: [{ createdAt: { $lt: c.createdAt } }, { createdAt: c.createdAt, id: { $lt: c.id } }] }],
    } as FilterQuery<T>;
  }
  const rows = await em.find(entity, filter, {
    orderBy: { createdAt: 'desc', id: 'desc' } as never,
    limit: page.limit + 1,
  });
  const hasMore = rows.length > page.limit;
  const data = hasMore ? rows.slice(0, page.limit) : rows;
  return { data, nextCursor: hasMore ? encodeCursor(data[data.length - 1]) : null };
}
