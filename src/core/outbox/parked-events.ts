import type { EntityManager } from '@mikro-orm/postgresql';
import { listParked, unpark } from './outbox.queries';

export interface ParkedEvent {
  consumer: string;
  seq: string;
  event: string;
  organizationId: string;
  attempts: number;
  parkedAt: string;
  lastError: string | null;
}

/** The operator's view of events a consumer gave up on (`npm run cli -- outbox:parked | outbox:retry`). */
export class ParkedEvents {
  async list(em: EntityManager): Promise<ParkedEvent[]> {
    return (await listParked(em)).map((r) => ({
      consumer: r.consumer,
      seq: String(r.seq),
      event: r.event,
      organizationId: r.organization_id,
      attempts: r.attempts,
      parkedAt: new Date(r.parked_at).toISOString(),
      lastError: r.last_error,
    }));
  }

  /**
   * Puts parked events of a consumer back in its queue, due at once and with a fresh budget of
   * attempts. "At once" is the time of its last attempt, on the workers' Clock: the operator's
   * machine may disagree with it. A retried event heads its organization's queue again: later events
   * of that organization that have not gone through yet wait behind it. `seq` is one event's, or 'all'.
   * Returns how many were put back.
   */
  retry(em: EntityManager, consumer: string, seq: string): Promise<number> {
    return unpark(em, consumer, seq);
  }
}
