import { Arg, Args, ArgsType, Ctx, Field, ID, Mutation, Query, Resolver } from 'type-graphql';
import { ListArgs, pageInput } from '../../core/graphql/connection';
import { Requires, type GraphQLContext } from '../../core/graphql/context';
import { plain } from '../../core/graphql/plain';
import type { ProductsService } from './products.service';
import { CreateProductInput, ProductConnection, ProductRecord, UpdateProductInput } from './products.types';

@ArgsType()
class ProductFilterArgs extends ListArgs {
  @Field(() => Boolean, { nullable: true }) active?: boolean;
  @Field(() => String, { nullable: true, description: 'Substring of name or SKU' }) search?: string;
}

const READ = { section: 'documents', access: 'read' } as const;
const WRITE = { section: 'documents', access: 'write' } as const;

@Resolver()
export class ProductsResolver {
  constructor(private readonly service: ProductsService) {}

  @Query(() => ProductConnection)
  @Requires(READ)
  products(@Ctx() { rc }: GraphQLContext, @Args() args: ProductFilterArgs) {
    const filters = Object.entries({ active: args.active, search: args.search }).filter(
      ([, v]) => v !== undefined && v !== null,
    );
    return this.service.list(rc, { ...pageInput(args), ...Object.fromEntries(filters) });
  }

  @Query(() => ProductRecord)
  @Requires(READ)
  product(@Ctx() { rc }: GraphQLContext, @Arg('id', () => ID) id: string) {
    return this.service.get(rc, id);
  }

  @Mutation(() => ProductRecord)
  @Requires(WRITE)
  createProduct(@Ctx() { rc }: GraphQLContext, @Arg('input', () => CreateProductInput) input: CreateProductInput) {
    return this.service.create(rc, plain(input));
  }

  @Mutation(() => ProductRecord)
  @Requires(WRITE)
  updateProduct(
    @Ctx() { rc }: GraphQLContext,
    @Arg('id', () => ID) id: string,
    @Arg('input', () => UpdateProductInput) input: UpdateProductInput,
  ) {
    return this.service.update(rc, id, plain(input));
  }

  @Mutation(() => ProductRecord, { description: 'Soft delete: the product stays, with active false' })
  @Requires(WRITE)
  deleteProduct(@Ctx() { rc }: GraphQLContext, @Arg('id', () => ID) id: string) {
    return this.service.archive(rc, id);
  }
}
