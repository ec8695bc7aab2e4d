import { Arg, Args, Ctx, Field, ID, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { Requires, type GraphQLContext } from '../../core/graphql/context';
import { Connection, PageArgs, pageInput } from '../../core/graphql/connection';
import { MANAGERS } from '../../core/http/gate';
import { plain } from '../../core/graphql/plain';
import { PermissionsInput, PermissionsType } from '../identity/identity.module';
import type { ApiKeysService } from './apikeys.service';

@ObjectType('ApiKey')
export class ApiKeyType {
  @Field(() => ID) id!: string;
  @Field() name!: string;
  @Field({ description: 'Redacted copy for display; the key itself is shown only once' }) redacted!: string;
  @Field(() => PermissionsType, { description: 'The level of every section the key reaches' })
  permissions!: PermissionsType;
  @Field(() => [ID], {
    nullable: true,
    description: "Its creator's billing departments: the only documents the key reaches (null = all)",
  })
  departmentIds!: string[] | null;
  @Field() createdAt!: string;
}

/** Separate type: the secret exists only on the create result. */
@ObjectType('CreatedApiKey')
export class CreatedApiKeyType extends ApiKeyType {
  @Field({ description: 'The key, shown only in this response' }) key!: string;
}

const ApiKeyConnection = Connection(ApiKeyType, 'ApiKey');

@Resolver()
export class ApiKeysResolver {
  constructor(private readonly service: ApiKeysService) {}

  @Query(() => ApiKeyConnection)
  @Requires(MANAGERS)
  apiKeys(@Ctx() { rc }: GraphQLContext, @Args() page: PageArgs) {
    return this.service.list(rc, pageInput(page));
  }

  @Mutation(() => CreatedApiKeyType)
  @Requires(MANAGERS)
  createApiKey(
    @Ctx() { rc }: GraphQLContext,
    @Arg('name') name: string,
    @Arg('permissions', () => PermissionsInput, {
      nullable: true,
      description:
        "Sections the key reaches (a section left out: none); default: its creator's. Never more than the creator holds.",
    })
    permissions?: PermissionsInput,
  ) {
    return this.service.create(rc, { name, ...(permissions ? { permissions: plain(permissions) } : {}) });
  }

  @Mutation(() => Boolean)
  @Requires(MANAGERS)
  async deleteApiKey(@Ctx() { rc }: GraphQLContext, @Arg('id', () => ID) id: string) {
    await this.service.delete(rc, id);
    return true;
  }
}
