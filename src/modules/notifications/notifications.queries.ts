import type { EntityManager } from '@mikro-orm/postgresql';
import { query, sql } from '../../core/db/sql';

/** The notifications module's hand-written SQL (table notifications): retention's batch deletes. */

const DELETE_OLD_READ = sql(
  `WITH gone AS (
     DELETE FROM notifications WHERE id IN (
       SELECT id FROM notifications WHERE read AND created_at < ? ORDER BY created_at LIMIT ? FOR UPDATE SKIP LOCKED)
     RETURNING 1)
   SELECT count(*)::int AS n FROM gone`,
);

/** Retention: deletes up to `limit` read notifications created before `before`; unread ones stay. */
export async function deleteOldReadNotifications(em: EntityManager, before: Date, limit: number): Promise<number> {
  const [row] = await query<{ n: number }>(em, DELETE_OLD_READ, [before, limit]);
  return row.n;
}
