import { defineModule, eventConsumer } from '../../core/module';
import type { RecordedEvent } from '../../core/outbox/event-outbox';
import { Migration0009Webhooks } from '../../migrations/Migration0009Webhooks';
import { notificationsModule } from '../notifications/notifications.module';
import { DeliverySender } from './delivery-sender';
import { RETRY_JOB, WebhookDeliveriesService, type ClaimedDelivery } from './webhook-deliveries.service';
import { WebhookDelivery } from './webhook-delivery.entity';
import { webhookEvents } from './webhook.events';
import { WebhookEndpoint } from './webhook-endpoint.entity';
import { WebhookEndpointsService } from './webhook-endpoints.service';
import { WebhookNetwork } from './webhook-network';
import { webhooksOpenApi } from './webhooks.openapi';
import { WebhookEventsResolver, WebhooksResolver } from './webhooks.resolver';
import { webhookRoutes } from './webhooks.routes';

/**
 * Webhooks (section automations): endpoints, the outbox consumer `webhooks` that writes one delivery
 * per (event, endpoint), the sender of first attempts, retries as Agenda jobs, log, replay and test.
 */
export const webhooksModule = defineModule({
  name: 'webhooks',
  dependsOn: [notificationsModule],
  events: webhookEvents,
  entities: [WebhookEndpoint, WebhookDelivery],
  migrations: [Migration0009Webhooks],
  openapi: webhooksOpenApi,
  build: ({ infra, notifications: { notifications } }) => {
    const { config, clock, logger } = infra;
    const log = logger.child({ module: 'webhooks' });
    const network = new WebhookNetwork(
      config.WEBHOOK_ALLOW_PRIVATE_NETWORKS,
      config.WEBHOOK_TIMEOUT_MS,
      'Faktura-Webhooks/1.0 (+https://faktura.cz)',
    );
    const endpoints = new WebhookEndpointsService(clock, config.WEBHOOK_ALLOW_PRIVATE_NETWORKS);
    const deliveries = new WebhookDeliveriesService(
      infra.orm,
      clock,
      infra.scheduler,
      network,
      endpoints,
      notifications,
      log,
      config.WEBHOOK_TIMEOUT_MS,
    );
    const sender = new DeliverySender(deliveries, log, {
      concurrency: config.WEBHOOK_CONCURRENCY,
      pollMs: config.WEBHOOK_POLL_MS,
      leaseMs: deliveries.leaseMs,
      yieldTo: () => infra.load.busy(),
    });
    // The catalog every composed module declares; system-side events (automation triggers) are never delivered.
    const { catalog } = infra.declaredEvents;
    const delivered = (events: readonly RecordedEvent[]) =>
      events.filter((e) => infra.declaredEvents.isDelivered(e.event));
    return {
      services: { endpoints, deliveries, sender, network },
      routes: { api: (api) => webhookRoutes(api, endpoints, deliveries, catalog) },
      resolvers: [new WebhookEventsResolver(catalog), new WebhooksResolver(endpoints, deliveries)],
      consumers: [
        // The fan-out writes the first deliveries already claimed for this process's sender (as many as
        // it has room for); once committed they are handed to it, and it is woken to claim the rest.
        eventConsumer<ClaimedDelivery[]>({
          name: 'webhooks',
          consume: (em, event) => deliveries.fanOut(em, delivered([event]), sender.reserve()),
          consumeBatch: (em, events) => deliveries.fanOut(em, delivered(events), sender.reserve()),
          committed: (claimed) => sender.accept(claimed.flat()),
        }),
      ],
      jobs: [
        {
          name: RETRY_JOB,
          run: async (data) => deliveries.retry(typeof data.deliveryId === 'string' ? data.deliveryId : ''),
        },
      ],
      workers: [sender],
    };
  },
});
