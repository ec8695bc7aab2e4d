import { event, type FieldSet, type PayloadsOf } from '../../core/outbox/event-declarations';

/** SPEC 6.3's AI events: operation (ocr) and model (the engine and its version). */
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
 * The ai.* events of SPEC 6.2, declared by the module that produces them: the inbox's extraction of a
 * received document (operation "ocr") records ai.completed or ai.failed. Chat and company data
 * analysis, when they come, record them too.
 */
export const inboxEvents = {
  'ai.completed': event<AiCompletedPayload>().listed(
    'An AI operation (document OCR, chat, company data analysis) succeeds',
    { ...AI, inputSummary: true, outputSummary: true },
  ),
  'ai.failed': event<AiFailedPayload>().listed('An AI operation fails', { ...AI, errorMessage: true }),
};
export type InboxEvents = PayloadsOf<typeof inboxEvents>;
