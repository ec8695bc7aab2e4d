import { GraphQLJSON, GraphQLJSONObject } from 'graphql-scalars';
import { ArgsType, Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Connection, PageArgs } from '../../core/graphql/connection';
import {
  ACTION_TYPES,
  CONDITION_FIELDS,
  OPERATORS,
  RUN_STATUSES,
  TRIGGER_EVENTS,
  TRIGGER_TYPES,
  type ActionResult,
  type ActionType,
  type ConditionField,
  type Operator,
  type RunStatus,
  type TriggerEvent,
  type TriggerType,
} from './automation.types';

/** A GraphQL enum whose names are the constants themselves: a variable given as the REST string still fits. */
function spelledAsIs<T extends string>(values: readonly T[]): { [K in T]: K } {
  return Object.fromEntries(values.map((v) => [v, v])) as { [K in T]: K };
}

/**
 * Event names have dots, which a GraphQL name cannot: document.status_changed is DOCUMENT_STATUS_CHANGED
 * here, and the resolvers still see (and the services still store) the event name.
 */
const TriggerEvents = Object.fromEntries(
  TRIGGER_EVENTS.map((event) => [event.toUpperCase().replace(/\./g, '_'), event]),
) as Record<string, TriggerEvent>;

const ACTION_STATUSES = ['SUCCEEDED', 'FAILED'] as const;

const TriggerTypes = spelledAsIs(TRIGGER_TYPES);
const ConditionFields = spelledAsIs(CONDITION_FIELDS);
const Operators = spelledAsIs(OPERATORS);
const ActionTypes = spelledAsIs(ACTION_TYPES);
const RunStatuses = spelledAsIs(RUN_STATUSES);
const ActionStatuses = spelledAsIs(ACTION_STATUSES);

registerEnumType(TriggerTypes, { name: 'AutomationTriggerType' });
registerEnumType(TriggerEvents, {
  name: 'AutomationTriggerEvent',
  description: 'The events a SYSTEM_EVENT rule may start on',
  valuesConfig: Object.fromEntries(
    Object.entries(TriggerEvents).map(([name, event]) => [name, { description: event }]),
  ),
});
registerEnumType(ConditionFields, {
  name: 'AutomationConditionField',
  description:
    'amount = total incl. VAT; date = issue date YYYY-MM-DD; tags compare membership or count; customField reads customFields[name]',
});
registerEnumType(Operators, { name: 'AutomationOperator' });
registerEnumType(ActionTypes, { name: 'AutomationActionType' });
registerEnumType(RunStatuses, { name: 'AutomationRunStatus' });
registerEnumType(ActionStatuses, { name: 'AutomationActionStatus' });

@ObjectType('AutomationCondition')
class ConditionRecord {
  @Field(() => ConditionFields) field!: ConditionField;
  @Field(() => Operators) operator!: Operator;
  @Field(() => GraphQLJSON, { description: 'A constant: string, number or boolean' }) value!: unknown;
  @Field(() => String, { nullable: true, description: 'customField only' }) name?: string;
}

@ObjectType('AutomationAction')
class ActionRecord {
  @Field(() => ActionTypes) type!: ActionType;
  @Field(() => GraphQLJSONObject) params!: Record<string, string>;
}

@ObjectType('Automation')
export class AutomationRecord {
  @Field(() => ID) id!: string;
  @Field() name!: string;
  @Field() isActive!: boolean;
  @Field(() => TriggerTypes) triggerType!: TriggerType;
  @Field(() => TriggerEvents, { nullable: true }) triggerEvent!: TriggerEvent | null;
  @Field(() => String, { nullable: true }) triggerCron!: string | null;
  @Field(() => [ConditionRecord]) conditions!: ConditionRecord[];
  @Field(() => [ActionRecord]) actions!: ActionRecord[];
  @Field() createdAt!: string;
  @Field() updatedAt!: string;
}

@ObjectType('AutomationActionResult')
class ActionResultRecord {
  @Field(() => Int) index!: number;
  @Field(() => ActionTypes) type!: ActionType;
  @Field(() => ActionStatuses) status!: ActionResult['status'];
  @Field(() => GraphQLJSONObject, { nullable: true }) detail!: Record<string, unknown> | null;
  @Field(() => String, { nullable: true }) error!: string | null;
}

@ObjectType('AutomationRun')
export class AutomationRunRecord {
  @Field(() => ID) id!: string;
  @Field(() => ID) automationId!: string;
  @Field(() => RunStatuses) status!: RunStatus;
  @Field(() => TriggerTypes) trigger!: TriggerType;
  @Field(() => GraphQLJSONObject) context!: Record<string, unknown>;
  @Field() startedAt!: string;
  @Field() finishedAt!: string;
  @Field(() => String, { nullable: true }) error!: string | null;
  @Field(() => [ActionResultRecord]) actions!: ActionResultRecord[];
}

@InputType('AutomationConditionInput')
class ConditionInput {
  @Field(() => ConditionFields) field!: ConditionField;
  @Field(() => Operators) operator!: Operator;
  @Field(() => GraphQLJSON) value!: unknown;
  @Field(() => String, { nullable: true }) name?: string;
}

@InputType('AutomationActionInput')
class ActionInput {
  @Field(() => ActionTypes) type!: ActionType;
  @Field(() => GraphQLJSONObject) params!: Record<string, unknown>;
}

@InputType()
export class CreateAutomationInput {
  @Field() name!: string;
  @Field(() => Boolean, { nullable: true }) isActive?: boolean;
  @Field(() => TriggerTypes) triggerType!: TriggerType;
  @Field(() => TriggerEvents, { nullable: true }) triggerEvent?: TriggerEvent | null;
  @Field(() => String, { nullable: true }) triggerCron?: string | null;
  @Field(() => [ConditionInput], { nullable: true }) conditions?: ConditionInput[];
  @Field(() => [ActionInput]) actions!: ActionInput[];
}

@InputType()
export class UpdateAutomationInput {
  @Field(() => String, { nullable: true }) name?: string;
  @Field(() => Boolean, { nullable: true }) isActive?: boolean;
  @Field(() => TriggerTypes, { nullable: true }) triggerType?: TriggerType;
  @Field(() => TriggerEvents, { nullable: true, description: 'Send null to clear it' })
  triggerEvent?: TriggerEvent | null;
  @Field(() => String, { nullable: true, description: 'Send null to clear it' }) triggerCron?: string | null;
  @Field(() => [ConditionInput], { nullable: true }) conditions?: ConditionInput[];
  @Field(() => [ActionInput], { nullable: true }) actions?: ActionInput[];
}

@ArgsType()
export class RunsArgs extends PageArgs {
  @Field(() => ID) automationId!: string;
}

export const AutomationConnection = Connection(AutomationRecord, 'Automation');
export const AutomationRunConnection = Connection(AutomationRunRecord, 'AutomationRun');
