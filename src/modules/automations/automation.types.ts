export const TRIGGER_TYPES = ['SYSTEM_EVENT', 'SCHEDULED', 'MANUAL'] as const;
export type TriggerType = (typeof TRIGGER_TYPES)[number];

/** The events a SYSTEM_EVENT rule may start on (SPEC 2.7). */
export const TRIGGER_EVENTS = ['document.created', 'document.status_changed', 'document.paid'] as const;
export type TriggerEvent = (typeof TRIGGER_EVENTS)[number];

export const CONDITION_FIELDS = ['documentType', 'amount', 'tags', 'date', 'customField'] as const;
export type ConditionField = (typeof CONDITION_FIELDS)[number];

export const OPERATORS = ['equals', 'not_equals', 'gt', 'lt', 'gte', 'lte', 'contains', 'not_contains'] as const;
export type Operator = (typeof OPERATORS)[number];

export type ConditionValue = string | number | boolean;

/** `name` only for customField: the key in the document's customFields. */
export interface Condition {
  field: ConditionField;
  operator: Operator;
  value: ConditionValue;
  name?: string;
}

export const ACTION_TYPES = [
  'TRIGGER_WEBHOOK',
  'STATUS_CHANGE',
  'SEND_EMAIL',
  'ADD_TAG',
  'INTERNAL_NOTIFICATION',
] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

export interface AutomationAction {
  type: ActionType;
  params: Record<string, string>;
}

export const RUN_STATUSES = ['COMPLETED', 'FAILED', 'SKIPPED'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

export interface ActionResult {
  index: number;
  type: ActionType;
  status: 'SUCCEEDED' | 'FAILED';
  detail: Record<string, unknown> | null;
  error: string | null;
}

/** Rules that trigger each other stop here: a run deeper than this is recorded FAILED, no action runs. */
export const MAX_DEPTH = 5;
