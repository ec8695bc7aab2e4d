import { event, type FieldSet, type PayloadsOf } from '../../core/outbox/event-declarations';

/** The data of POST /webhooks/:id/test's delivery (sent at once, not through the outbox). */
export type WebhookTestPayload = {
  message: string;
  webhookId: string;
};

export type AiPayload = {
  operation: string;
  model: string;
};
export type AiCompletedPayload = AiPayload & {
  inputSummary: string;
  outputSummary: string;
};
export type AiFailedPayload = AiPayload & {
  errorMessage: string;
};

const AI = { operation: true, model: true } as const satisfies FieldSet<AiPayload>;

/**
 * The webhooks module's own event, webhook.test, and the ai.* events SPEC 6.2 lists before it. No
 * module produces ai.* yet: the AI operations (document OCR, chat, company data analysis) are future
 * work. The catalog promises them, so endpoints can subscribe ahead; the module that publishes the
 * catalog keeps them until the AI module exists and declares them in its own manifest.
 */
export const webhookEvents = {
  'ai.completed': event<AiCompletedPayload>().listed(
    'An AI operation (document OCR, chat, company data analysis) succeeds',
    { ...AI, inputSummary: true, outputSummary: true },
  ),
  'ai.failed': event<AiFailedPayload>().listed('An AI operation fails', { ...AI, errorMessage: true }),
  'webhook.test': event<WebhookTestPayload>().listed('POST /webhooks/:id/test only', {
    message: true,
    webhookId: true,
  }),
};
export type WebhookEvents = PayloadsOf<typeof webhookEvents>;
