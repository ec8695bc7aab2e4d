import type { EntityManager } from '@mikro-orm/postgresql';

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
    const rows = await em
      .getConnection()
      .execute<
        {
          consumer: string;
          seq: string;
          event: string;
          organization_id: string;
          attempts: number;
          parked_at: Date;
          last_error: string | null;
        }[]
      >(
        `SELECT d.consumer, d.seq, e.event, d.organization_id, d.attempts, d.parked_at, d.last_error
       FROM outbox_deliveries d JOIN event_outbox e ON e.seq = d.seq
       WHERE d.parked_at IS NOT NULL ORDER BY d.consumer, d.tx_id, d.seq`,
      );
    return rows.map((r) => ({
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
   * of that organization that have not gone through yet wait behind it. Returns how many were put back.
   */
  async retry(em: EntityManager, consumer: string, seq: string | 'all'): Promise<number> {
    const bySeq = seq === 'all' ? '' : ' AND seq = ?';
    const rows = await em.getConnection().execute<{ seq: string }[]>(
      `UPDATE outbox_deliveries SET parked_at = NULL, attempts = 0, next_attempt_at = COALESCE(last_attempt_at, next_attempt_at)
       WHERE consumer = ? AND parked_at IS NOT NULL${bySeq} RETURNING seq`,
      seq === 'all' ? [consumer] : [consumer, seq],
    );
    return rows.length;
  }
}
