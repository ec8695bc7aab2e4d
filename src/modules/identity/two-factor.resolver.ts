import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { Requires, type GraphQLContext } from '../../core/graphql/context';
import { SESSION_DURING_2FA_SETUP, SESSION_ONLY } from '../../core/http/gate';
import type { TwoFactorService } from './two-factor.service';
import { TwoFactorRecoveryCodesType, TwoFactorSetupType, TwoFactorStatusType } from './two-factor.types';

/** The REST routes of two-factor login in GraphQL (the login itself stays REST and /app/login). */
@Resolver()
export class TwoFactorResolver {
  constructor(private readonly service: TwoFactorService) {}

  @Query(() => TwoFactorStatusType)
  @Requires(SESSION_DURING_2FA_SETUP)
  twoFactor(@Ctx() { rc }: GraphQLContext) {
    return this.service.status(rc);
  }

  @Mutation(() => TwoFactorSetupType, { description: 'A new TOTP secret (replaces one not yet enabled)' })
  @Requires(SESSION_DURING_2FA_SETUP)
  setUpTwoFactor(@Ctx() { rc }: GraphQLContext) {
    return this.service.setup(rc);
  }

  @Mutation(() => TwoFactorRecoveryCodesType, { description: 'Turns two-factor login on with a current code' })
  @Requires(SESSION_DURING_2FA_SETUP)
  enableTwoFactor(@Ctx() { rc }: GraphQLContext, @Arg('code') code: string) {
    return this.service.enable(rc, { code });
  }

  @Mutation(() => Boolean, { description: 'Turns two-factor login off: the password and a TOTP or recovery code' })
  @Requires(SESSION_ONLY)
  async disableTwoFactor(@Ctx() { rc }: GraphQLContext, @Arg('password') password: string, @Arg('code') code: string) {
    await this.service.disable(rc, { password, code });
    return true;
  }

  @Query(() => Boolean, { description: 'Whether the company requires two-factor login of every member' })
  @Requires({ authenticated: true })
  async twoFactorRequired(@Ctx() { rc }: GraphQLContext) {
    return (await this.service.requirement(rc)).required;
  }

  @Mutation(() => Boolean, { description: 'OWNER: require (or stop requiring) two-factor login of every member' })
  @Requires({ authenticated: true, credentials: ['session'], roles: ['OWNER'] })
  async setTwoFactorRequired(@Ctx() { rc }: GraphQLContext, @Arg('required') required: boolean) {
    return (await this.service.setRequirement(rc, { required })).required;
  }
}
