import type {
  AutomationActionType,
  AutomationConditionField,
  AutomationOperator,
  AutomationTriggerEvent,
  AutomationTriggerType,
  AutomationsQuery,
} from '../../gql/graphql';
import { STATUS_LABELS } from '../documents/labels';
import { optionsOf } from '../../components/form';

/*
 * What the rule editor offers comes from the server's enums (schema.graphql → generated types): a value
 * the server adds fails the typecheck here until it has a label, and no value the server lacks exists.
 */

export type Rule = AutomationsQuery['automations']['data'][number];

export const TRIGGER_LABELS: Record<AutomationTriggerType, string> = {
  SYSTEM_EVENT: 'When something happens',
  SCHEDULED: 'On a schedule (cron)',
  MANUAL: 'Only when run by hand',
};

/** The event names as webhooks and the API spell them. */
export const EVENT_LABELS: Record<AutomationTriggerEvent, string> = {
  DOCUMENT_CREATED: 'document.created',
  DOCUMENT_STATUS_CHANGED: 'document.status_changed',
  DOCUMENT_PAID: 'document.paid',
};

export const FIELD_LABELS: Record<AutomationConditionField, string> = {
  documentType: 'Document type',
  amount: 'Amount (incl. VAT)',
  tags: 'Tags',
  date: 'Issue date',
  customField: 'Custom field',
};

export const OPERATOR_LABELS: Record<AutomationOperator, string> = {
  equals: 'equals',
  not_equals: 'does not equal',
  gt: 'is greater than',
  lt: 'is less than',
  gte: 'is at least',
  lte: 'is at most',
  contains: 'contains',
  not_contains: 'does not contain',
};

export const ACTION_LABELS: Record<AutomationActionType, string> = {
  SEND_EMAIL: 'Send an e-mail',
  STATUS_CHANGE: 'Change the status',
  ADD_TAG: 'Add a tag',
  INTERNAL_NOTIFICATION: 'Notify the team',
  TRIGGER_WEBHOOK: 'Send a webhook',
};

export interface ActionParam {
  name: string;
  label: string;
  hint?: string;
  options?: { value: string; label: string }[];
}

/** Each action type and the params it takes, in the order the form shows them. */
export const ACTION_PARAMS: Record<AutomationActionType, ActionParam[]> = {
  SEND_EMAIL: [
    { name: 'to', label: 'To', hint: 'An address or {{contact.email}}' },
    {
      name: 'subject',
      label: 'Subject',
      hint: 'May use {{document.number}}, {{document.amount}}, {{document.currency}}, {{contact.name}}',
    },
    { name: 'body', label: 'Body' },
  ],
  STATUS_CHANGE: [{ name: 'status', label: 'New status', options: optionsOf(STATUS_LABELS) }],
  ADD_TAG: [{ name: 'tag', label: 'Tag' }],
  INTERNAL_NOTIFICATION: [
    { name: 'title', label: 'Title' },
    { name: 'message', label: 'Message' },
  ],
  TRIGGER_WEBHOOK: [{ name: 'event', label: 'Webhook event', hint: 'Your own event name, e.g. invoice.big' }],
};

export function triggerText(r: Pick<Rule, 'triggerType' | 'triggerEvent' | 'triggerCron'>): string {
  if (r.triggerType === 'SYSTEM_EVENT') return `on ${r.triggerEvent ? EVENT_LABELS[r.triggerEvent] : '?'}`;
  if (r.triggerType === 'SCHEDULED') return `cron ${r.triggerCron}`;
  return 'run by hand';
}
