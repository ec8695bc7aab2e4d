import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../../core/clock';
import type { DeclaredEvents } from '../../core/outbox/declared-events';
import type { Payload } from '../../core/outbox/event-declarations';
import type { RecordedEvent } from '../../core/outbox/event-outbox';
import { writeDeliveries, type FanOutEvent } from './webhooks.queries';

/**
 * Writes deliveries: one PENDING delivery per event and active endpoint of the event's organization
 * that lists it and whose creator may read it now (its credential still exists and reads the event's
 * section, and a document's department when limited to departments), in the caller's transaction.
 * Sending is the sender's (delivery-sender.ts).
 */
export class WebhookDeliveriesService {
  constructor(
    private readonly clock: Clock,
    private readonly declaredEvents: Pick<DeclaredEvents, 'accessOf'>,
  ) {}

  /** An event as the fan-out statement takes it: what reading it needs, beside its envelope. */
  private fanOutEvent(organizationId: string, event: string, envelopeRest: string, data: Payload): FanOutEvent {
    const access = this.declaredEvents.accessOf(event);
    const documentId = access?.documentDepartments && typeof data.id === 'string' ? data.id : null;
    return { organizationId, event, rest: envelopeRest, section: access?.section ?? null, documentId };
  }

  /**
   * The outbox consumer `webhooks`, for one event or a dispatcher pass's batch: one INSERT … SELECT.
   * The envelope's timestamp is when the event happened (its outbox record), the same in every retry.
   */
  async fanOut(em: EntityManager, events: readonly RecordedEvent[]): Promise<void> {
    if (events.length === 0) return;
    await writeDeliveries(
      em,
      this.clock.now(),
      events.map((e) =>
        this.fanOutEvent(
          e.organizationId,
          e.event,
          JSON.stringify({ event: e.event, timestamp: e.createdAt, data: e.data }).slice(1),
          e.data,
        ),
      ),
    );
  }

  /**
   * An automation's TRIGGER_WEBHOOK: the custom event (which happens now; it has no outbox record)
   * to every active endpoint of the organization listing it (whose creator may still read it); sent,
   * retried and logged like any delivery. Returns the delivery (envelope) ids.
   */
  async deliverCustomEvent(
    em: EntityManager,
    organizationId: string,
    event: string,
    data: Record<string, unknown>,
  ): Promise<string[]> {
    const now = this.clock.now();
    const rest = JSON.stringify({ event, timestamp: now.toISOString(), data }).slice(1);
    return writeDeliveries(em, now, [this.fanOutEvent(organizationId, event, rest, data)]);
  }
}
