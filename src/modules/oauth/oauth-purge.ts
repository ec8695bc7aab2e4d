import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../../core/clock';
import { OAuthCode } from './oauth-code.entity';
import { OAuthTokenPair } from './oauth-token.entity';

export const OAUTH_PURGE_JOB = 'oauth.purge-expired';

/**
 * Daily clean-up. A day of grace after expiry keeps replay detection for late replays of codes;
 * a pair goes only when its refresh token has expired, because until then a rotated refresh token
 * must still be recognised (its reuse revokes the consent).
 */
export async function purgeExpiredOAuth(em: EntityManager, clock: Clock): Promise<{ codes: number; tokens: number }> {
  const cutoff = new Date(clock.now().getTime() - 24 * 3600 * 1000);
  const codes = await em.nativeDelete(OAuthCode, { expiresAt: { $lt: cutoff } });
  const tokens = await em.nativeDelete(OAuthTokenPair, { refreshExpiresAt: { $lt: cutoff } });
  return { codes, tokens };
}
