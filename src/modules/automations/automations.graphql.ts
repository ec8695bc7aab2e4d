import { GraphQLJSON, GraphQLJSONObject } from 'graphql-scalars';
import { ArgsType, Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { Connection, PageArgs } from '../../core/graphql/connection';

// The GraphQL types of automations (records, inputs, arguments); automations.resolver.ts serves them.

@ObjectType('AutomationCondition')
class ConditionRecord {
  @Field() field!: string;
  @Field() operator!: string;
  @Field(() => GraphQLJSON, { description: 'A constant: string, number or boolean' }) value!: unknown;
  @Field(() => String, { nullable: true, description: 'customField only' }) name?: string;
}

@ObjectType('AutomationAction')
class ActionRecord {
  @Field({ description: 'TRIGGER_WEBHOOK, STATUS_CHANGE, SEND_EMAIL, ADD_TAG or INTERNAL_NOTIFICATION' }) type!: string;
  @Field(() => GraphQLJSONObject) params!: Record<string, string>;
}

@ObjectType('Automation')
export class AutomationRecord {
  @Field(() => ID) id!: string;
  @Field() name!: string;
  @Field() isActive!: boolean;
  @Field({ description: 'SYSTEM_EVENT, SCHEDULED or MANUAL' }) triggerType!: string;
  @Field(() => String, { nullable: true }) triggerEvent!: string | null;
  @Field(() => String, { nullable: true }) triggerCron!: string | null;
  @Field(() => [ConditionRecord]) conditions!: ConditionRecord[];
  @Field(() => [ActionRecord]) actions!: ActionRecord[];
  @Field() createdAt!: string;
  @Field() updatedAt!: string;
}

@ObjectType('AutomationActionResult')
class ActionResultRecord {
  @Field(() => Int) index!: number;
  @Field() type!: string;
  @Field({ description: 'SUCCEEDED or FAILED' }) status!: string;
  @Field(() => GraphQLJSONObject, { nullable: true }) detail!: Record<string, unknown> | null;
  @Field(() => String, { nullable: true }) error!: string | null;
}

@ObjectType('AutomationRun')
export class AutomationRunRecord {
  @Field(() => ID) id!: string;
  @Field(() => ID) automationId!: string;
  @Field({ description: 'COMPLETED, FAILED or SKIPPED' }) status!: string;
  @Field({ description: 'SYSTEM_EVENT, SCHEDULED or MANUAL' }) trigger!: string;
  @Field(() => GraphQLJSONObject) context!: Record<string, unknown>;
  @Field() startedAt!: string;
  @Field() finishedAt!: string;
  @Field(() => String, { nullable: true }) error!: string | null;
  @Field(() => [ActionResultRecord]) actions!: ActionResultRecord[];
}

@InputType('AutomationConditionInput')
class ConditionInput {
  @Field() field!: string;
  @Field() operator!: string;
  @Field(() => GraphQLJSON) value!: unknown;
  @Field(() => String, { nullable: true }) name?: string;
}

@InputType('AutomationActionInput')
class ActionInput {
  @Field() type!: string;
  @Field(() => GraphQLJSONObject) params!: Record<string, unknown>;
}

@InputType()
export class CreateAutomationInput {
  @Field() name!: string;
  @Field(() => Boolean, { nullable: true }) isActive?: boolean;
  @Field() triggerType!: string;
  @Field(() => String, { nullable: true }) triggerEvent?: string | null;
  @Field(() => String, { nullable: true }) triggerCron?: string | null;
  @Field(() => [ConditionInput], { nullable: true }) conditions?: ConditionInput[];
  @Field(() => [ActionInput]) actions!: ActionInput[];
}

@InputType()
export class UpdateAutomationInput {
  @Field(() => String, { nullable: true }) name?: string;
  @Field(() => Boolean, { nullable: true }) isActive?: boolean;
  @Field(() => String, { nullable: true }) triggerType?: string;
  @Field(() => String, { nullable: true, description: 'Send null to clear it' }) triggerEvent?: string | null;
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
