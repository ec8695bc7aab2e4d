import { Arg, Args, ArgsType, Ctx, Field, ID, Mutation, Query, Resolver } from 'type-graphql';
import { listArgs, PageArgs, pageInput } from '../../core/graphql/connection';
import { Requires, type GraphQLContext } from '../../core/graphql/context';
import { plain } from '../../core/graphql/plain';
import { SavedViewConnection, SavedViewInput, SavedViewType } from './savedviews.graphql';
import { VIEWS_ACCESS } from './savedviews.routes';
import type { SavedViewsService } from './savedviews.service';

@ArgsType()
class SavedViewArgs extends PageArgs {
  @Field(() => String, { nullable: true, description: 'Only the views of this list' }) resource?: string;
}

@Resolver()
export class SavedViewsResolver {
  constructor(private readonly service: SavedViewsService) {}

  @Query(() => SavedViewConnection, { description: "Your saved views and the company's shared ones" })
  @Requires(VIEWS_ACCESS)
  savedViews(@Ctx() { rc }: GraphQLContext, @Args() args: SavedViewArgs) {
    return this.service.list(rc, { ...pageInput(args), ...listArgs({ resource: args.resource }) });
  }

  @Query(() => SavedViewType)
  @Requires(VIEWS_ACCESS)
  savedView(@Ctx() { rc }: GraphQLContext, @Arg('id', () => ID) id: string) {
    return this.service.get(rc, id);
  }

  @Mutation(() => SavedViewType)
  @Requires(VIEWS_ACCESS)
  createSavedView(@Ctx() { rc }: GraphQLContext, @Arg('input', () => SavedViewInput) input: SavedViewInput) {
    return this.service.create(rc, plain(input));
  }

  @Mutation(() => SavedViewType)
  @Requires(VIEWS_ACCESS)
  updateSavedView(
    @Ctx() { rc }: GraphQLContext,
    @Arg('id', () => ID) id: string,
    @Arg('input', () => SavedViewInput) input: SavedViewInput,
  ) {
    return this.service.update(rc, id, plain(input));
  }

  @Mutation(() => Boolean)
  @Requires(VIEWS_ACCESS)
  async deleteSavedView(@Ctx() { rc }: GraphQLContext, @Arg('id', () => ID) id: string) {
    await this.service.delete(rc, id);
    return true;
  }
}
