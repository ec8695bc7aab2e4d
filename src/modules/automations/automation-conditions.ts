import BigNumber from 'bignumber.js';
import type { Condition, ConditionValue, Operator } from './automation.types';

/** What conditions are evaluated against: the run context, with the document's custom fields. */
export interface Facts {
  documentType?: unknown;
  amount?: unknown;
  tags?: unknown;
  date?: unknown;
  customFields?: Record<string, unknown>;
}

const NUMBER = /^-?\d+(\.\d+)?$/;

function isNumeric(value: unknown): boolean {
  return typeof value === 'number' ? Number.isFinite(value) : typeof value === 'string' && NUMBER.test(value.trim());
}

/** -1, 0 or 1: numerically when both sides are numbers, else as text (ISO dates order as text). */
function compare(actual: unknown, expected: ConditionValue): number {
  if (isNumeric(actual) && isNumeric(expected))
    return new BigNumber(String(actual)).comparedTo(new BigNumber(String(expected))) ?? 0;
  const [a, b] = [String(actual), String(expected)];
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A fact as text for contains: a list as String joins it, an object as JSON (not "[object Object]"). */
function asText(value: unknown): string {
  if (Array.isArray(value)) return value.map(asText).join(',');
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return `${value as string | number | boolean | bigint}`;
}

function scalar(actual: unknown, operator: Operator, expected: ConditionValue): boolean {
  if (actual === undefined || actual === null) return operator === 'not_equals' || operator === 'not_contains';
  switch (operator) {
    case 'equals':
      return compare(actual, expected) === 0;
    case 'not_equals':
      return compare(actual, expected) !== 0;
    case 'gt':
      return compare(actual, expected) > 0;
    case 'lt':
      return compare(actual, expected) < 0;
    case 'gte':
      return compare(actual, expected) >= 0;
    case 'lte':
      return compare(actual, expected) <= 0;
    case 'contains':
      return asText(actual).includes(String(expected));
    case 'not_contains':
      return !asText(actual).includes(String(expected));
  }
}

/** Tags: contains / not_contains test membership, equals / not_equals the whole set (one tag: ["x"]), the rest compare the count. */
function tags(actual: unknown, operator: Operator, expected: ConditionValue): boolean {
  const list = Array.isArray(actual) ? actual.map(String) : [];
  const wanted = String(expected);
  switch (operator) {
    case 'contains':
      return list.includes(wanted);
    case 'not_contains':
      return !list.includes(wanted);
    case 'equals':
      return list.length === 1 && list[0] === wanted;
    case 'not_equals':
      return !(list.length === 1 && list[0] === wanted);
    default:
      return scalar(list.length, operator, expected);
  }
}

export function conditionHolds(condition: Condition, facts: Facts): boolean {
  switch (condition.field) {
    case 'tags':
      return tags(facts.tags, condition.operator, condition.value);
    case 'customField':
      return scalar(facts.customFields?.[condition.name ?? ''], condition.operator, condition.value);
    default:
      return scalar(facts[condition.field], condition.operator, condition.value);
  }
}

/** All conditions must hold (an empty list holds). */
export function conditionsHold(conditions: readonly Condition[], facts: Facts): boolean {
  return conditions.every((c) => conditionHolds(c, facts));
}
