import { Arg, Args, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { Requires, type GraphQLContext } from '../../core/graphql/context';
import { listArgs } from '../../core/graphql/connection';
import { plain } from '../../core/graphql/plain';
import { CostConnection, CostGqlType, CostsArgs, CreateCostInput, UpdateCostInput } from './costs.graphql';
import type { CostsService } from './costs.service';

const READ = { section: 'costs', access: 'read' } as const;
const WRITE = { section: 'costs', access: 'write' } as const;

/** The same service as REST. */
@Resolver()
export class CostsResolver {
  constructor(private readonly service: CostsService) {}

  @Query(() => CostConnection)
  @Requires(READ)
  costs(@Ctx() { rc }: GraphQLContext, @Args() args: CostsArgs) {
    return this.service.list(rc, listArgs(args));
  }

  @Query(() => CostGqlType)
  @Requires(READ)
  cost(@Ctx() { rc }: GraphQLContext, @Arg('id', () => ID) id: string) {
    return this.service.get(rc, id);
  }

  @Mutation(() => CostGqlType)
  @Requires(WRITE)
  createCost(@Ctx() { rc }: GraphQLContext, @Arg('input', () => CreateCostInput) input: CreateCostInput) {
    return this.service.create(rc, plain(input));
  }

  @Mutation(() => CostGqlType)
  @Requires(WRITE)
  updateCost(
    @Ctx() { rc }: GraphQLContext,
    @Arg('id', () => ID) id: string,
    @Arg('input', () => UpdateCostInput) input: UpdateCostInput,
  ) {
    return this.service.update(rc, id, plain(input));
  }

  @Mutation(() => CostGqlType)
  @Requires(WRITE)
  cancelCost(@Ctx() { rc }: GraphQLContext, @Arg('id', () => ID) id: string) {
    return this.service.cancel(rc, id);
  }

  @Mutation(() => Boolean)
  @Requires(WRITE)
  async deleteCost(@Ctx() { rc }: GraphQLContext, @Arg('id', () => ID) id: string) {
    await this.service.delete(rc, id);
    return true;
  }
}
