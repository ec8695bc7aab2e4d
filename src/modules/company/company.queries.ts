import type { EntityManager } from '@mikro-orm/postgresql';
import { query, sql } from '../../core/db/sql';

const CREATE_PROFILE = sql(
  'INSERT INTO company_profiles (organization_id, updated_at) VALUES (?, ?) ON CONFLICT DO NOTHING',
);

/** The organization's profile row with the columns' defaults, unless it exists. */
export async function createProfileIfMissing(em: EntityManager, organizationId: string, at: Date): Promise<void> {
  await query(em, CREATE_PROFILE, [organizationId, at]);
}
