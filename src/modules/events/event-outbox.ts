import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../../core/clock';
import { OutboxEvent } from './outbox-event.entity';

export interface RecordedEvent {
  seq: string;
  event: string;
  organizationId: string;
  data: Record<string, unknown>;
  createdAt: string;
}

/**
 * The one way a service records a catalog event: inside the transaction of the change, so the
 * event exists exactly when the change does.
 */
export class EventOutbox {
  constructor(private readonly clock: Clock) {}

  record(em: EntityManager, organizationId: string, event: string, data: Record<string, unknown>): void {
    const row = new OutboxEvent();
    Object.assign(row, { event, organizationId, data, createdAt: this.clock.now(), dispatchedAt: null });
    em.persist(row);
  }

  async listAfter(em: EntityManager, afterSeq: string, limit = 1000): Promise<RecordedEvent[]> {
    const rows = await em.getConnection().execute<
      { seq: string; event: string; organization_id: string; data: Record<string, unknown>; created_at: Date }[]
    >('SELECT seq, event, organization_id, data, created_at FROM event_outbox WHERE seq > ? ORDER BY seq LIMIT ?', [afterSeq, limit]);
    return rows.map((r) => ({
      seq: String(r.seq),
      event: r.event,
      organizationId: r.organization_id,
      data: r.data,
      createdAt: new Date(r.created_at).toISOString(),
    }));
  }
}
