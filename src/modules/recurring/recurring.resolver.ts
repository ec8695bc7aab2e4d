import { Arg, Args, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { listArgs } from '../../core/graphql/connection';
import { Requires, type GraphQLContext } from '../../core/graphql/context';
import { plain } from '../../core/graphql/plain';
import {
  RecurringDocumentsArgs,
  RecurringOccurrencePage,
  RecurringSeriesConnection,
  RecurringSeriesInput,
  RecurringSeriesListArgs,
  RecurringScheduleInput,
  RecurringSeriesPreviewType,
  RecurringSeriesType,
} from './recurring.graphql';
import { READ, WRITE } from './recurring.routes';
import type { RecurringService } from './recurring.service';

@Resolver()
export class RecurringResolver {
  constructor(private readonly recurring: RecurringService) {}

  @Query(() => RecurringSeriesConnection)
  @Requires(READ)
  recurringSeries(@Ctx() { rc }: GraphQLContext, @Args() args: RecurringSeriesListArgs) {
    return this.recurring.list(rc, listArgs(args));
  }

  @Query(() => RecurringSeriesType)
  @Requires(READ)
  recurringSeriesOne(@Ctx() { rc }: GraphQLContext, @Arg('id', () => ID) id: string) {
    return this.recurring.get(rc, id);
  }

  @Query(() => RecurringSeriesPreviewType)
  @Requires(READ)
  recurringSeriesPreview(@Ctx() { rc }: GraphQLContext, @Arg('id', () => ID) id: string) {
    return this.recurring.preview(rc, id);
  }

  @Query(() => RecurringSeriesPreviewType, { description: 'The first issue dates of a schedule not saved yet' })
  @Requires(READ)
  recurringSchedulePreview(@Arg('schedule', () => RecurringScheduleInput) schedule: RecurringScheduleInput) {
    return this.recurring.schedulePreview(plain(schedule));
  }

  @Query(() => RecurringOccurrencePage)
  @Requires(READ)
  recurringSeriesDocuments(@Ctx() { rc }: GraphQLContext, @Args() { id, ...query }: RecurringDocumentsArgs) {
    return this.recurring.documents(rc, id, listArgs(query));
  }

  @Mutation(() => RecurringSeriesType)
  @Requires(WRITE)
  createRecurringSeries(
    @Ctx() { rc }: GraphQLContext,
    @Arg('input', () => RecurringSeriesInput) input: RecurringSeriesInput,
  ) {
    return this.recurring.create(rc, plain(input));
  }

  @Mutation(() => RecurringSeriesType, { description: 'Replaces the template and schedule (as PUT)' })
  @Requires(WRITE)
  updateRecurringSeries(
    @Ctx() { rc }: GraphQLContext,
    @Arg('id', () => ID) id: string,
    @Arg('input', () => RecurringSeriesInput) input: RecurringSeriesInput,
  ) {
    return this.recurring.replace(rc, id, plain(input));
  }

  @Mutation(() => Boolean, { description: 'Deletes the series; the documents it generated stay' })
  @Requires(WRITE)
  async deleteRecurringSeries(@Ctx() { rc }: GraphQLContext, @Arg('id', () => ID) id: string) {
    await this.recurring.remove(rc, id);
    return true;
  }

  @Mutation(() => RecurringSeriesType)
  @Requires(WRITE)
  pauseRecurringSeries(@Ctx() { rc }: GraphQLContext, @Arg('id', () => ID) id: string) {
    return this.recurring.pause(rc, id);
  }

  @Mutation(() => RecurringSeriesType, { description: 'From today on; an ENDED series is RECURRING_SERIES_ENDED' })
  @Requires(WRITE)
  resumeRecurringSeries(@Ctx() { rc }: GraphQLContext, @Arg('id', () => ID) id: string) {
    return this.recurring.resume(rc, id);
  }
}
