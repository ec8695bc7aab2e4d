import type { EntityManager } from '@mikro-orm/postgresql';
import { query, sql } from '../../core/db/sql';

/** A register found by its token: the device and its organization. */
export interface DeviceRow {
  id: string;
  organization_id: string;
  name: string;
  plan: string;
  last_used_at: Date | null;
}

/** Named: it runs before every register request, and planning it cost about as much as running it. */
const DEVICE_BY_TOKEN = sql(
  `SELECT d.id, o.id AS organization_id, o.name, o.plan, d.last_used_at
     FROM pos_devices d JOIN organizations o ON o.id = d.organization_id
    WHERE d.token_hash = ? AND d.revoked_at IS NULL`,
  'pos_device_by_token',
);

/** The register whose token has this SHA-256 and is not revoked, with its organization; null otherwise. */
export async function deviceByTokenHash(em: EntityManager, tokenHash: string): Promise<DeviceRow | null> {
  const [row] = await query<DeviceRow>(em, DEVICE_BY_TOKEN, [tokenHash]);
  return row ?? null;
}

/**
 * Takes the transaction-scoped advisory locks of these names, each once and in one fixed order, so
 * two transactions taking several (a batch and another batch, or single calls) cannot deadlock.
 */
const LOCK_NAMES = sql(
  `SELECT count(pg_advisory_xact_lock(h))
     FROM (SELECT DISTINCT hashtextextended(n, 0) AS h FROM unnest(?::text[]) AS n ORDER BY 1) AS ordered`,
  'pos_lock_names',
);

export async function lockNames(em: EntityManager, names: readonly string[]): Promise<void> {
  await query(em, LOCK_NAMES, [names]);
}
