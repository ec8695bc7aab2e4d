import { event, type PayloadsOf } from '../../core/outbox/event-declarations';

/** The data of POST /webhooks/:id/test's delivery (sent at once, not through the outbox). */
export type WebhookTestPayload = {
  message: string;
  webhookId: string;
};

/**
 * The webhooks module's own event, webhook.test. The ai.* events SPEC 6.2 lists before it are
 * declared by the inbox module, which records them (issue 29: document OCR); the catalog keeps SPEC's
 * order (catalogOrder in src/modules.ts).
 */
export const webhookEvents = {
  'webhook.test': event<WebhookTestPayload>().listed('POST /webhooks/:id/test only', {
    message: true,
    webhookId: true,
  }),
};
export type WebhookEvents = PayloadsOf<typeof webhookEvents>;
