import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../../core/clock';
import type { RecordedEvent } from '../../core/outbox/event-outbox';
import { WebhookDelivery } from './webhook-delivery.entity';
import { WebhookEndpoint } from './webhook-endpoint.entity';
import { writeDeliveries } from './webhooks.queries';

/**
 * Writes deliveries: one PENDING delivery per event and active endpoint of the event's organization
 * that lists it, in the caller's transaction. Sending is the sender's (delivery-sender.ts).
 */
export class WebhookDeliveriesService {
  constructor(private readonly clock: Clock) {}

  /**
   * The outbox consumer `webhooks`, for one event or a dispatcher pass's batch: one INSERT … SELECT.
   * The envelope's timestamp is when the event happened (its outbox record), the same in every retry.
   */
  async fanOut(em: EntityManager, events: readonly RecordedEvent[]): Promise<void> {
    if (events.length === 0) return;
    await writeDeliveries(
      em,
      this.clock.now(),
      events.map((e) => ({
        organizationId: e.organizationId,
        event: e.event,
        rest: JSON.stringify({ event: e.event, timestamp: e.createdAt, data: e.data }).slice(1),
      })),
    );
  }

  /**
   * An automation's TRIGGER_WEBHOOK: the custom event (which happens now; it has no outbox record)
   * to every active endpoint of the organization listing it; sent, retried and logged like any
   * delivery. Returns the delivery (envelope) ids.
   */
  async deliverCustomEvent(
    em: EntityManager,
    organizationId: string,
    event: string,
    data: Record<string, unknown>,
  ): Promise<string[]> {
    const now = this.clock.now();
    const endpoints = await em.find(
      WebhookEndpoint,
      { organizationId, isActive: true },
      { orderBy: { createdAt: 'asc', id: 'asc' } },
    );
    const deliveries = endpoints
      .filter((e) => e.events.includes(event))
      .map((e) => {
        const id = randomUUID();
        return {
          id,
          organizationId,
          endpointId: e.id,
          event,
          body: JSON.stringify({ id, event, timestamp: now.toISOString(), data }),
          status: 'PENDING' as const,
          attemptsMade: 0,
          attempts: [],
          nextAttemptAt: now,
          claimedUntil: null,
          createdAt: now,
          updatedAt: now,
        };
      });
    if (deliveries.length > 0) await em.insertMany(WebhookDelivery, deliveries);
    return deliveries.map((d) => d.id);
  }
}
