import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../clock';
import type { Payload } from './event-declarations';
import { OutboxEvent } from './outbox-event.entity';
import { listEventsAfter, type OutboxRow } from './outbox.queries';

/** One event as it leaves the outbox, as consumers get it (they narrow `data` by `event` themselves). */
export interface RecordedEvent {
  seq: string;
  event: string;
  organizationId: string;
  data: Payload;
  createdAt: string;
}

/** An event of the payload map P (event name → payload), `event` narrowing `data`. */
export type RecordedEventOf<P> = {
  [E in keyof P & string]: Omit<RecordedEvent, 'event' | 'data'> & { event: E; data: P[E] };
}[keyof P & string];

/**
 * The one way a service records an event: inside the transaction of the change, so the event
 * exists exactly when the change does. P maps the event names a module may record to their payloads
 * (its own declared events and those of the modules it depends on, see BuildContext in core/module.ts),
 * so the name picks the payload type and a wrong payload fails the typecheck.
 */
export class EventOutbox<P extends object> {
  constructor(private readonly clock: Clock) {}

  record<E extends keyof P & string>(em: EntityManager, organizationId: string, event: E, data: P[E]): void {
    const row = new OutboxEvent();
    Object.assign(row, { event, organizationId, data, createdAt: this.clock.now() });
    em.persist(row);
  }

  async listAfter(em: EntityManager, afterSeq: string, limit = 1000): Promise<RecordedEvent[]> {
    return (await listEventsAfter(em, afterSeq, limit)).map(toRecordedEvent);
  }
}

/** A stored row as consumers see it. */
export function toRecordedEvent(r: OutboxRow): RecordedEvent {
  return {
    seq: String(r.seq),
    event: r.event,
    organizationId: r.organization_id,
    data: r.data,
    createdAt: new Date(r.created_at).toISOString(),
  };
}
