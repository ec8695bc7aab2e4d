import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../../core/clock';
import type { EventName, EventPayloads, RecordedEvent } from './event-payloads';
import { OutboxEvent } from './outbox-event.entity';

export type { RecordedEvent } from './event-payloads';

/**
 * The one way a service records an event: inside the transaction of the change, so the event
 * exists exactly when the change does. The name picks the payload type (events/event-payloads.ts).
 */
export class EventOutbox {
  constructor(private readonly clock: Clock) {}

  record<E extends EventName>(em: EntityManager, organizationId: string, event: E, data: EventPayloads[E]): void {
    const row = new OutboxEvent();
    Object.assign(row, { event, organizationId, data, createdAt: this.clock.now() });
    em.persist(row);
  }

  async listAfter(em: EntityManager, afterSeq: string, limit = 1000): Promise<RecordedEvent[]> {
    const rows = await em
      .getConnection()
      .execute<OutboxRow[]>(
        'SELECT seq, event, organization_id, data, created_at FROM event_outbox WHERE seq > ? ORDER BY seq LIMIT ?',
        [afterSeq, limit],
      );
    return rows.map(toRecordedEvent);
  }
}

export interface OutboxRow {
  seq: string;
  event: string;
  organization_id: string;
  data: Record<string, unknown>;
  created_at: Date;
}

/** A stored row as consumers see it; rows were written through `record`, so name and data agree. */
export function toRecordedEvent(r: OutboxRow): RecordedEvent {
  return {
    seq: String(r.seq),
    event: r.event,
    organizationId: r.organization_id,
    data: r.data,
    createdAt: new Date(r.created_at).toISOString(),
  } as RecordedEvent;
}
