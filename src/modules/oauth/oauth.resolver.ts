import { Arg, Args, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { Requires, type GraphQLContext } from '../../core/graphql/context';
import { PageArgs, pageInput } from '../../core/graphql/connection';
import { SESSION_ONLY } from '../../core/http/gate';
import { plain } from '../../core/graphql/plain';
import type { ApplicationsService } from './applications.service';
import type { GrantsService } from './grants.service';
import { MANAGE_APPLICATIONS } from './oauth.routes';
import {
  OAuthApplicationConnection,
  OAuthApplicationType,
  OAuthClientSecretType,
  OAuthGrantConnection,
  RegisterOAuthApplicationInput,
  RegisteredOAuthApplicationType,
  UpdateOAuthApplicationInput,
} from './oauth.types';

@Resolver()
export class OAuthResolver {
  constructor(
    private readonly applications: ApplicationsService,
    private readonly grants: GrantsService,
  ) {}

  @Query(() => OAuthApplicationConnection)
  @Requires(MANAGE_APPLICATIONS)
  oauthApplications(@Ctx() { rc }: GraphQLContext, @Args() page: PageArgs) {
    return this.applications.list(rc, pageInput(page));
  }

  @Mutation(() => RegisteredOAuthApplicationType)
  @Requires(MANAGE_APPLICATIONS)
  registerOAuthApplication(
    @Ctx() { rc }: GraphQLContext,
    @Arg('input', () => RegisterOAuthApplicationInput) input: RegisterOAuthApplicationInput,
  ) {
    return this.applications.register(rc, plain(input) as never);
  }

  @Mutation(() => OAuthApplicationType)
  @Requires(MANAGE_APPLICATIONS)
  updateOAuthApplication(
    @Ctx() { rc }: GraphQLContext,
    @Arg('id', () => ID) id: string,
    @Arg('input', () => UpdateOAuthApplicationInput) input: UpdateOAuthApplicationInput,
  ) {
    return this.applications.update(rc, id, plain(input));
  }

  @Mutation(() => OAuthClientSecretType)
  @Requires(MANAGE_APPLICATIONS)
  rotateOAuthApplicationSecret(@Ctx() { rc }: GraphQLContext, @Arg('id', () => ID) id: string) {
    return this.applications.rotateSecret(rc, id);
  }

  @Query(() => OAuthGrantConnection)
  @Requires(SESSION_ONLY)
  oauthGrants(@Ctx() { rc }: GraphQLContext, @Args() page: PageArgs) {
    return this.grants.listOwn(rc, pageInput(page));
  }

  @Mutation(() => Boolean)
  @Requires(SESSION_ONLY)
  async revokeOAuthGrant(@Ctx() { rc }: GraphQLContext, @Arg('id', () => ID) id: string) {
    await this.grants.revokeOwn(rc, id);
    return true;
  }
}
