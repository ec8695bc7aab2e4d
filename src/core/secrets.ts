import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from './clock';
import { appSecret, insertAppSecretIfAbsent } from './core.queries';
import type { SecretBox } from './secret-box';
import { openStored } from './sealed-secrets';

/** A bearer secret: prefix + 64 hex (256 random bits). */
export function generateToken(prefix: string): string {
  return prefix + randomBytes(32).toString('hex');
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function constantTimeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  if (ab.length !== bb.length) {
    timingSafeEqual(ab, ab);
    return false;
  }
  return timingSafeEqual(ab, bb);
}

/** `fk_3f9a…c21e` — enough to recognise a key in a list, useless to an attacker. */
export function redact(token: string, prefixLength: number): string {
  return `${token.slice(0, prefixLength + 4)}…${token.slice(-4)}`;
}

/**
 * Reads an application secret from the database, creating it on first start. It is stored sealed
 * under the master key (purpose `app_secret:<name>`, see CORE_SEALED_SECRETS). Concurrent first
 * starts agree on one value (insert-or-ignore, then read).
 */
export async function loadOrCreateAppSecret(
  em: EntityManager,
  clock: Clock,
  box: SecretBox,
  name: string,
): Promise<string> {
  const purpose = `app_secret:${name}`;
  await insertAppSecretIfAbsent(em, name, box.seal(randomBytes(32).toString('hex'), purpose), clock.now());
  return openStored(box, await appSecret(em, name), purpose);
}
