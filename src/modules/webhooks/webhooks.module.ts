import { defineModule } from '../../core/module';
import type { RecordedEvent } from '../../core/outbox/event-outbox';
import { daysBefore, retentionJob } from '../../core/retention';
import { Migration0009Webhooks } from '../../migrations/Migration0009Webhooks';
import { Migration0019AccessScoping } from '../../migrations/Migration0019AccessScoping';
import { Migration0021RetentionIndexes } from '../../migrations/Migration0021RetentionIndexes';
import { notificationsModule } from '../notifications/notifications.module';
import { DeliveryAdminService } from './delivery-admin.service';
import { DeliveryAttempts, RETRY_JOB } from './delivery-attempts';
import { DeliverySender } from './delivery-sender';
import { WebhookDeliveriesService } from './webhook-deliveries.service';
import { WebhookDelivery } from './webhook-delivery.entity';
import { webhookEvents } from './webhook.events';
import { WebhookEndpoint } from './webhook-endpoint.entity';
import { WebhookEndpointsService } from './webhook-endpoints.service';
import { WebhookNetwork } from './webhook-network';
import { WEBHOOK_SECRET_PURPOSE } from './webhook-signature';
import { webhooksOpenApi } from './webhooks.openapi';
import { deleteOldDeliveries } from './webhooks.queries';
import { WebhookEventsResolver, WebhooksResolver } from './webhooks.resolver';
import { webhookRoutes } from './webhooks.routes';

/**
 * Webhooks (section automations): endpoints; the outbox consumer `webhooks` writing one delivery per
 * (event, endpoint); the sender of first attempts; retries as Agenda jobs; log, replay and test.
 */
export const webhooksModule = defineModule({
  name: 'webhooks',
  dependsOn: [notificationsModule],
  events: webhookEvents,
  entities: [WebhookEndpoint, WebhookDelivery],
  migrations: [Migration0009Webhooks, Migration0019AccessScoping, Migration0021RetentionIndexes],
  openapi: webhooksOpenApi,
  // Each endpoint's signing secret, sealed under the master key (src/core/sealed-secrets.ts).
  sealedSecrets: [{ table: 'webhook_endpoints', column: 'secret', idColumn: 'id', purpose: WEBHOOK_SECRET_PURPOSE }],
  build: ({ infra, notifications: { notifications } }) => {
    const { config, clock, orm } = infra;
    const log = infra.logger.child({ module: 'webhooks' });
    const network = new WebhookNetwork(
      config.WEBHOOK_ALLOW_PRIVATE_NETWORKS,
      config.WEBHOOK_TIMEOUT_MS,
      'Faktura-Webhooks/1.0 (+https://faktura.cz)',
    );
    const endpoints = new WebhookEndpointsService(
      clock,
      config.WEBHOOK_ALLOW_PRIVATE_NETWORKS,
      infra.secretBox,
      infra.audit,
      infra.declaredEvents,
    );
    const deliveries = new WebhookDeliveriesService(clock, infra.declaredEvents);
    const attempts = new DeliveryAttempts(
      orm,
      clock,
      infra.scheduler,
      network,
      notifications,
      log,
      config.WEBHOOK_TIMEOUT_MS,
      infra.secretBox,
    );
    const sender = new DeliverySender(orm, clock, attempts, log, {
      concurrency: config.WEBHOOK_CONCURRENCY,
      pollMs: config.WEBHOOK_POLL_MS,
    });
    const admin = new DeliveryAdminService(orm, clock, endpoints, attempts);
    // The catalog every composed module declares; system-side events (automation triggers) are never delivered.
    const { catalog } = infra.declaredEvents;
    const delivered = (events: readonly RecordedEvent[]) =>
      events.filter((e) => infra.declaredEvents.isDelivered(e.event));
    return {
      services: { endpoints, deliveries, attempts, sender, admin, network },
      routes: { api: (api) => webhookRoutes(api, endpoints, admin, catalog) },
      resolvers: [new WebhookEventsResolver(catalog), new WebhooksResolver(endpoints, admin)],
      consumers: [
        {
          name: 'webhooks',
          consume: (em, event) => deliveries.fanOut(em, delivered([event])),
          consumeBatch: (em, events) => deliveries.fanOut(em, delivered(events)),
          // The pass's deliveries are visible once it committed: the sender claims them now rather than at its next poll.
          committed: () => sender.wake(),
        },
      ],
      jobs: [
        retentionJob('webhooks', infra, [
          {
            kind: 'deliveries',
            deleteBatch: (em, now, limit) =>
              deleteOldDeliveries(em, daysBefore(now, config.RETENTION_WEBHOOK_DELIVERIES_DAYS), limit),
          },
        ]),
        { name: RETRY_JOB, run: (data) => attempts.retry(typeof data.deliveryId === 'string' ? data.deliveryId : '') },
      ],
      workers: [sender],
    };
  },
});
