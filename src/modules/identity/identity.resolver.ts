import { Arg, Args, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { Requires, type GraphQLContext } from '../../core/graphql/context';
import { PageArgs, pageInput } from '../../core/graphql/connection';
import { plain } from '../../core/graphql/plain';
import { MANAGERS, SESSION_DURING_2FA_SETUP } from '../../core/http/gate';
import type { IdentityService } from './identity.service';
import {
  CreateUserInput,
  DepartmentConnection,
  DepartmentType,
  MeType,
  OrganizationType,
  SignUpInput,
  UpdateUserInput,
  UserConnection,
  UserType,
} from './identity.types';

@Resolver()
export class IdentityResolver {
  constructor(private readonly identity: IdentityService) {}

  @Query(() => MeType)
  @Requires(SESSION_DURING_2FA_SETUP)
  me(@Ctx() { rc }: GraphQLContext) {
    return this.identity.me(rc);
  }

  @Mutation(() => OrganizationType, {
    description:
      'Creates the company and its OWNER and starts a browser session: the httpOnly session cookie (the token is not returned)',
  })
  @Requires({ public: true })
  async signUp(@Ctx() { rc, session }: GraphQLContext, @Arg('input', () => SignUpInput) input: SignUpInput) {
    const { token, organization } = await this.identity.signup(rc, plain(input) as never);
    session.set(token);
    return organization;
  }

  @Mutation(() => Boolean, { description: 'Ends the browser session: clears the session cookie' })
  @Requires({ public: true })
  logOut(@Ctx() { session }: GraphQLContext) {
    session.clear();
    return true;
  }

  @Query(() => OrganizationType)
  @Requires({ authenticated: true })
  organization(@Ctx() { rc }: GraphQLContext) {
    return this.identity.getOrganization(rc);
  }

  @Mutation(() => OrganizationType)
  @Requires({ section: 'company_settings', access: 'write' })
  updateOrganization(@Ctx() { rc }: GraphQLContext, @Arg('name') name: string) {
    return this.identity.updateOrganization(rc, { name });
  }

  @Query(() => UserConnection)
  @Requires(MANAGERS)
  users(@Ctx() { rc }: GraphQLContext, @Args() page: PageArgs) {
    return this.identity.listUsers(rc, pageInput(page));
  }

  @Query(() => UserType)
  @Requires(MANAGERS)
  user(@Ctx() { rc }: GraphQLContext, @Arg('id', () => ID) id: string) {
    return this.identity.getUser(rc, id);
  }

  @Query(() => DepartmentConnection)
  @Requires(MANAGERS)
  departments(@Ctx() { rc }: GraphQLContext, @Args() page: PageArgs) {
    return this.identity.listDepartments(rc, pageInput(page));
  }

  @Mutation(() => UserType)
  @Requires(MANAGERS)
  createUser(@Ctx() { rc }: GraphQLContext, @Arg('input', () => CreateUserInput) input: CreateUserInput) {
    return this.identity.createUser(rc, plain(input) as never);
  }

  @Mutation(() => UserType)
  @Requires(MANAGERS)
  updateUser(
    @Ctx() { rc }: GraphQLContext,
    @Arg('id', () => ID) id: string,
    @Arg('input', () => UpdateUserInput) input: UpdateUserInput,
  ) {
    return this.identity.updateUser(rc, id, plain(input));
  }

  @Mutation(() => DepartmentType)
  @Requires(MANAGERS)
  createDepartment(@Ctx() { rc }: GraphQLContext, @Arg('name') name: string) {
    return this.identity.createDepartment(rc, { name });
  }
}
