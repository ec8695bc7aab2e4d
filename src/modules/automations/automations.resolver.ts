import { GraphQLJSONObject } from 'graphql-scalars';
import { Arg, Args, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { PageArgs, pageInput } from '../../core/graphql/connection';
import { Requires, type GraphQLContext } from '../../core/graphql/context';
import { plain } from '../../core/graphql/plain';
import {
  AutomationConnection,
  AutomationRecord,
  AutomationRunConnection,
  AutomationRunRecord,
  CreateAutomationInput,
  RunsArgs,
  UpdateAutomationInput,
} from './automations.graphql';
import { READ, WRITE } from './automations.routes';
import type { AutomationsService } from './automations.service';

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
