import type { EntityManager } from '@mikro-orm/postgresql';
import { query, sql } from '../../core/db/sql';

const LOCK_OWNER = sql('SELECT pg_advisory_xact_lock(hashtextextended(?, 41))', 'savedviews.lock-owner');

/**
 * Until the transaction ends: the saves of one owner's views (a person's, or a company's views of no
 * person) queue here, so the count per person stays within its bound under parallel requests.
 */
export async function lockViewOwner(em: EntityManager, organizationId: string, userId: string | null): Promise<void> {
  await query(em, LOCK_OWNER, [`${organizationId}:${userId ?? '-'}`]);
}
