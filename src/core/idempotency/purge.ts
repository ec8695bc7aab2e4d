import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../clock';
import { deleteExpiredKeys } from './idempotency.queries';

/**
 * Retention of Idempotency-Keys (issue 24, point 3: 24 hours): deletes every key whose 24 hours are
 * over by the Clock, `batchSize` rows per statement so no statement holds many row locks for long.
 * Answers how many went. Expired keys are already ignored (and taken over) by the middleware; this
 * only reclaims the space. Meant for the daily retention job.
 */
export async function purgeExpiredIdempotencyKeys(em: EntityManager, clock: Clock, batchSize = 1000): Promise<number> {
  const now = clock.now();
  let total = 0;
  for (;;) {
    const deleted = await deleteExpiredKeys(em, now, batchSize);
    total += deleted;
    if (deleted < batchSize) return total;
  }
}
