import type { TFunction } from 'i18next';
import type {
  AutomationActionType,
  AutomationConditionField,
  AutomationOperator,
  AutomationTriggerEvent,
  AutomationTriggerType,
  AutomationsQuery,
  DocumentStatus,
} from '../../gql/graphql';

/*
 * What the rule editor offers comes from the server's enums (schema.graphql → generated types): a value
 * the server adds fails the typecheck here until it is listed (and has its text in locales/), and no
 * value the server lacks exists.
 */

export type Rule = AutomationsQuery['automations']['data'][number];
export type T = TFunction<'automations'>;

const all = <K extends string>(keys: Record<K, true>): K[] => Object.keys(keys) as K[];

export const TRIGGERS = all<AutomationTriggerType>({ SYSTEM_EVENT: true, SCHEDULED: true, MANUAL: true });

/** The event names as webhooks and the API spell them (the same in every language). */
export const EVENT_NAMES: Record<AutomationTriggerEvent, string> = {
  DOCUMENT_CREATED: 'document.created',
  DOCUMENT_STATUS_CHANGED: 'document.status_changed',
  DOCUMENT_PAID: 'document.paid',
};

export const FIELDS = all<AutomationConditionField>({
  documentType: true,
  amount: true,
  tags: true,
  date: true,
  customField: true,
});

export const OPERATORS = all<AutomationOperator>({
  equals: true,
  not_equals: true,
  gt: true,
  lt: true,
  gte: true,
  lte: true,
  contains: true,
  not_contains: true,
});

export const ACTIONS = all<AutomationActionType>({
  SEND_EMAIL: true,
  STATUS_CHANGE: true,
  ADD_TAG: true,
  INTERNAL_NOTIFICATION: true,
  TRIGGER_WEBHOOK: true,
});

const STATUSES = all<DocumentStatus>({
  DRAFT: true,
  ISSUED: true,
  SENT: true,
  PAID: true,
  CANCELLED: true,
  ARCHIVED: true,
  ACCEPTED: true,
  DECLINED: true,
});

export interface ActionParam {
  name: string;
  label: string;
  hint?: string;
  options?: { value: string; label: string }[];
}

/** Each action type and the params it takes, in the order the form shows them. */
export function actionParams(t: T, type: AutomationActionType): ActionParam[] {
  switch (type) {
    case 'SEND_EMAIL':
      return [
        { name: 'to', label: t('params.to'), hint: t('params.toHint', { example: '{{contact.email}}' }) },
        {
          name: 'subject',
          label: t('params.subject'),
          hint: t('params.subjectHint', {
            examples: '{{document.number}}, {{document.amount}}, {{document.currency}}, {{contact.name}}',
          }),
        },
        { name: 'body', label: t('params.body') },
      ];
    case 'STATUS_CHANGE':
      return [
        {
          name: 'status',
          label: t('params.status'),
          options: STATUSES.map((value) => ({ value, label: t(`statuses.${value}`) })),
        },
      ];
    case 'ADD_TAG':
      return [{ name: 'tag', label: t('params.tag') }];
    case 'INTERNAL_NOTIFICATION':
      return [
        { name: 'title', label: t('params.title') },
        { name: 'message', label: t('params.message') },
      ];
    case 'TRIGGER_WEBHOOK':
      return [{ name: 'event', label: t('params.event'), hint: t('params.eventHint') }];
  }
}

export function triggerText(t: T, r: Pick<Rule, 'triggerType' | 'triggerEvent' | 'triggerCron'>): string {
  if (r.triggerType === 'SYSTEM_EVENT')
    return t('trigger.on', { event: r.triggerEvent ? EVENT_NAMES[r.triggerEvent] : '?' });
  if (r.triggerType === 'SCHEDULED') return t('trigger.cron', { cron: r.triggerCron ?? '' });
  return t('trigger.byHand');
}
