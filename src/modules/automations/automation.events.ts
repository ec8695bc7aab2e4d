import { event, type FieldSet, type PayloadsOf } from '../../core/outbox/event-declarations';

export type AutomationPayload = {
  automationId: string;
  runId: string;
  name: string;
  triggerEvent: string | null;
  documentId: string | null;
};
export type AutomationFinishedPayload = AutomationPayload & {
  status: 'COMPLETED' | 'SKIPPED';
  actionsRun: number;
  actionsFailed: number;
};
export type AutomationFailedPayload = AutomationPayload & {
  status: 'FAILED';
  errorMessage: string;
};

/** INTERNAL_NOTIFICATION's event (system-side, SPEC 6.2): the notification it created. */
export type AutomationNotificationPayload = {
  notificationId: string;
  automationId: string;
  runId: string;
  documentId: string | null;
  title: string;
  message: string;
};

const AUTOMATION = {
  automationId: true,
  runId: true,
  name: true,
  triggerEvent: true,
  documentId: true,
} as const satisfies FieldSet<AutomationPayload>;

export const automationEvents = {
  'automation.started': event<AutomationPayload>().listed(
    'A system-event automation starts, including runs that end skipped',
    AUTOMATION,
  ),
  'automation.finished': event<AutomationFinishedPayload>().listed('An automation run ends COMPLETED or SKIPPED', {
    ...AUTOMATION,
    status: true,
    actionsRun: true,
    actionsFailed: true,
  }),
  'automation.failed': event<AutomationFailedPayload>().listed('An automation run crashes or any action fails', {
    ...AUTOMATION,
    status: true,
    errorMessage: true,
  }),
  'automation.notification': event<AutomationNotificationPayload>().systemSide(),
};
export type AutomationEvents = PayloadsOf<typeof automationEvents>;
