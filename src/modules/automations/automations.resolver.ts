import { GraphQLJSON, GraphQLJSONObject } from 'graphql-scalars';
import {
  Arg,
  Args,
  ArgsType,
  Ctx,
  Field,
  ID,
  InputType,
  Int,
  Mutation,
  ObjectType,
  Query,
  Resolver,
} from 'type-graphql';
import { Connection, PageArgs, pageInput } from '../../core/graphql/connection';
import { Requires, type GraphQLContext } from '../../core/graphql/context';
import { plain } from '../../core/graphql/plain';
import { READ, WRITE } from './automations.routes';
import type { AutomationsService } from './automations.service';

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
class RunsArgs extends PageArgs {
  @Field(() => ID) automationId!: string;
}

const AutomationConnection = Connection(AutomationRecord, 'Automation');
const AutomationRunConnection = Connection(AutomationRunRecord, 'AutomationRun');

/** Drops absent fields (GraphQL leaves them undefined) but keeps an explicit null, which clears a trigger field. */
function sent(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
}

/** The same service as REST (the web app's rule editor). */
@Resolver()
export class AutomationsResolver {
  constructor(private readonly service: AutomationsService) {}

  @Query(() => AutomationConnection)
  @Requires(READ)
  automations(@Ctx() { rc }: GraphQLContext, @Args() page: PageArgs) {
    return this.service.list(rc, pageInput(page));
  }

  @Query(() => AutomationRecord)
  @Requires(READ)
  automation(@Ctx() { rc }: GraphQLContext, @Arg('id', () => ID) id: string) {
    return this.service.get(rc, id);
  }

  @Query(() => AutomationRunConnection, { description: 'Run history, newest first' })
  @Requires(READ)
  automationRuns(@Ctx() { rc }: GraphQLContext, @Args() args: RunsArgs) {
    return this.service.runs(rc, args.automationId, pageInput(args));
  }

  @Mutation(() => AutomationRecord)
  @Requires(WRITE)
  createAutomation(
    @Ctx() { rc }: GraphQLContext,
    @Arg('input', () => CreateAutomationInput) input: CreateAutomationInput,
  ) {
    return this.service.create(rc, sent(plain(input)));
  }

  @Mutation(() => AutomationRecord)
  @Requires(WRITE)
  updateAutomation(
    @Ctx() { rc }: GraphQLContext,
    @Arg('id', () => ID) id: string,
    @Arg('input', () => UpdateAutomationInput) input: UpdateAutomationInput,
  ) {
    return this.service.update(rc, id, sent(plain(input)));
  }

  @Mutation(() => Boolean)
  @Requires(WRITE)
  async deleteAutomation(@Ctx() { rc }: GraphQLContext, @Arg('id', () => ID) id: string) {
    await this.service.delete(rc, id);
    return true;
  }

  @Mutation(() => AutomationRunRecord, {
    description: 'A real run (no dry run); context.organizationId must be your organization',
  })
  @Requires(WRITE)
  runAutomation(
    @Ctx() { rc }: GraphQLContext,
    @Arg('id', () => ID) id: string,
    @Arg('context', () => GraphQLJSONObject) context: Record<string, unknown>,
  ) {
    return this.service.run(rc, id, { context });
  }
}
