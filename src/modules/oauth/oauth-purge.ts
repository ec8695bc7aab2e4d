import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../../core/clock';

export const OAUTH_PURGE_JOB = 'oauth.purge-expired';

/**
 * Daily clean-up. A day of grace after expiry keeps replay detection for late replays of codes;
 * a pair goes only when its refresh token has expired, because until then a rotated refresh token
 * must still be recognised (its reuse revokes the consent).
 */
export async function purgeExpiredOAuth(em: EntityManager, clock: Clock): Promise<{ codes: number; tokens: number }> {
  const cutoff = new Date(clock.now().getTime() - 24 * 3600 * 1000);
  const purge = async (table: string, column: string) =>
    (
      await em.execute<{ n: number }[]>(
        `WITH gone AS (DELETE FROM ${table} WHERE ${column} < ? RETURNING 1) SELECT count(*)::int AS n FROM gone`,
        [cutoff],
      )
    )[0].n;
  return { codes: await purge('oauth_codes', 'expires_at'), tokens: await purge('oauth_tokens', 'refresh_expires_at') };
}
