import { Arg, Args, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { Requires, type GraphQLContext } from '../../core/graphql/context';
import { listArgs } from '../../core/graphql/connection';
import { plain } from '../../core/graphql/plain';
import { CostConnection, CostGqlType, CostsArgs, CreateCostInput, UpdateCostInput } from './costs.graphql';
import type { CostsService } from './costs.service';
import type { CostImport } from './isdoc/cost-import';

const READ = { section: 'costs', access: 'read' } as const;
const WRITE = { section: 'costs', access: 'write' } as const;

/** The same service as REST. */
@Resolver()
export class CostsResolver {
  constructor(
    private readonly service: CostsService,
    private readonly costImport: CostImport,
  ) {}

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

  @Mutation(() => CostGqlType, {
    description:
      'An ISDOC invoice (6.0.2 or 6.0.1) as XML text: the same import as REST POST /costs/import (which also takes .isdocx and PDF)',
  })
  @Requires(WRITE)
  importCostIsdoc(
    @Ctx() { rc }: GraphQLContext,
    @Arg('xml', () => String, { description: 'At most 1,000,000 characters' }) xml: string,
    @Arg('filename', () => String, { nullable: true, description: 'Kept on the attachment; default invoice.isdoc' })
    filename?: string | null,
  ) {
    return this.costImport.fromText(rc, { xml, filename: filename ?? '' });
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
