import type { EntityManager } from '@mikro-orm/postgresql';
import type { EntityName, FilterQuery } from '@mikro-orm/core';
import { ValidationError } from './errors';
import type { Page, Pagination } from './validation';

interface Keyed {
  id: string;
  createdAt: Date;
  issuedAt?: Date;
}

export function encodeCursor(row: Keyed, key: DateKey = 'createdAt'): string {
  return Buffer.from(JSON.stringify([(row[key] as Date).toISOString(), row.id])).toString('base64url');
}

export function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [string, string];
    const createdAt = new Date(at);
    if (typeof id !== 'string' || Number.isNaN(createdAt.getTime())) throw new Error('bad cursor');
    return { createdAt, id };
  } catch {
    throw new ValidationError('Invalid cursor', [{ path: 'cursor', message: 'not a cursor returned by this list' }]);
  }
}

/** The timestamp a list is ordered by (with id as the tie-break): createdAt unless the list says otherwise. */
export type DateKey = 'createdAt' | 'issuedAt';

/** Keyset pagination over (key, id), oldest first; key is createdAt unless given. */
export async function paginate<T extends Keyed>(
  em: EntityManager,
  entity: EntityName<T>,
  where: FilterQuery<T>,
  page: Pagination,
  options: { populate?: readonly string[]; key?: DateKey } = {},
): Promise<Page<T>> {
  const key = options.key ?? 'createdAt';
  const filter = page.cursor ? after(where, key, decodeCursor(page.cursor)) : where;
  const rows = await em.find(entity, filter, {
    orderBy: { [key]: 'asc', id: 'asc' } as never,
    limit: page.limit + 1,
    populate: options.populate as never,
  });
  const hasMore = rows.length > page.limit;
  const data = hasMore ? rows.slice(0, page.limit) : rows;
  return { data, nextCursor: hasMore ? encodeCursor(data[data.length - 1], key) : null };
}

/** `where` and past `cursor` in the order (key, id), ascending. */
export function after<T>(where: FilterQuery<T>, key: DateKey, cursor: { createdAt: Date; id: string }): FilterQuery<T> {
  // The redundant `key >= c` is what an index on (…, key, id) can start its scan at; the OR alone
  // would make PostgreSQL read every row after the cursor's timestamp range.
  return {
    $and: [
      where,
      { [key]: { $gte: cursor.createdAt } },
      { $or: [{ [key]: { $gt: cursor.createdAt } }, { [key]: cursor.createdAt, id: { $gt: cursor.id } }] },
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
