import { Arg, Args, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { Requires, type GraphQLContext } from '../../core/graphql/context';
import { PageArgs, pageInput } from '../../core/graphql/connection';
import { plain } from '../../core/graphql/plain';
import { MANAGERS, SESSION_DURING_2FA_SETUP } from '../../core/http/gate';
import type { IdentityService } from './identity.service';
import type { SessionsService } from './sessions.service';
import {
  CreateUserInput,
  DepartmentConnection,
  DepartmentType,
  MeType,
  OrganizationType,
  PasswordChangeType,
  SessionConnection,
  SignUpInput,
  UpdateUserInput,
  UserConnection,
  UserType,
} from './identity.types';

@Resolver()
export class IdentityResolver {
  constructor(
    private readonly identity: IdentityService,
    private readonly account: SessionsService,
  ) {}

  @Query(() => MeType)
  @Requires(SESSION_DURING_2FA_SETUP)
  me(@Ctx() { rc }: GraphQLContext) {
    return this.identity.me(rc);
  }

  @Mutation(() => MeType, {
    description: 'The web app language of the signed-in person (cs or en; null: the company default)',
  })
  @Requires(SESSION_DURING_2FA_SETUP)
  setMyLanguage(
    @Ctx() { rc }: GraphQLContext,
    @Arg('language', () => String, { nullable: true }) language: string | null,
  ) {
    return this.identity.setLanguage(rc, { language });
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

  @Mutation(() => Boolean, {
    description:
      'Ends the session of this request (its token is refused from now on) and clears the session cookie; without a session only clears the cookie',
  })
  @Requires({ public: true })
  async logOut(@Ctx() { rc, session }: GraphQLContext) {
    if (rc.principal?.kind === 'session') await this.account.logout(rc);
    session.clear();
    return true;
  }

  @Query(() => SessionConnection, { description: 'The live sessions of the logged-in person, oldest first' })
  @Requires(SESSION_DURING_2FA_SETUP)
  mySessions(@Ctx() { rc }: GraphQLContext, @Args() page: PageArgs) {
    return this.account.list(rc, pageInput(page));
  }

  @Mutation(() => Boolean, { description: 'Ends one of the person’s own sessions' })
  @Requires(SESSION_DURING_2FA_SETUP)
  async endSession(@Ctx() { rc }: GraphQLContext, @Arg('id', () => ID) id: string) {
    await this.account.end(rc, id);
    return true;
  }

  @Mutation(() => PasswordChangeType, {
    description: 'Changes the password (the current one is needed) and ends every other session of the person',
  })
  @Requires(SESSION_DURING_2FA_SETUP)
  changePassword(
    @Ctx() { rc }: GraphQLContext,
    @Arg('currentPassword') currentPassword: string,
    @Arg('newPassword') newPassword: string,
  ) {
    return this.account.changePassword(rc, { currentPassword, newPassword });
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

  @Mutation(() => Boolean, {
    description:
      'Removes a person from the company and ends all their sessions (the OWNER and oneself cannot be removed; only the OWNER removes an ADMIN)',
  })
  @Requires(MANAGERS)
  async removeUser(@Ctx() { rc }: GraphQLContext, @Arg('id', () => ID) id: string) {
    await this.identity.removeUser(rc, id);
    return true;
  }

  @Mutation(() => DepartmentType)
  @Requires(MANAGERS)
  createDepartment(@Ctx() { rc }: GraphQLContext, @Arg('name') name: string) {
    return this.identity.createDepartment(rc, { name });
  }
}
