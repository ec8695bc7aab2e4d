import { Args, Ctx, Query, Resolver } from 'type-graphql';
import { Requires, type GraphQLContext } from '../../core/graphql/context';
import { PageArgs, pageInput } from '../../core/graphql/connection';
import type { QuotaService } from './quota.service';
import { OWN_CREDENTIAL } from './quota.routes';
import { CredentialQuotaUsageConnection, QuotaType } from './quota.types';

@Resolver()
export class QuotaResolver {
  constructor(private readonly service: QuotaService) {}

  /** Same as GET /api/v1/quota; GraphQL has no union of number and word, so unlimited is null. */
  @Query(() => QuotaType, { description: "The calling API key's or OAuth application's counter this month" })
  @Requires(OWN_CREDENTIAL)
  async quota(@Ctx() { rc }: GraphQLContext) {
    const q = await this.service.current(rc);
    return {
      ...q,
      limit: q.limit === 'unlimited' ? null : q.limit,
      remaining: q.remaining === 'unlimited' ? null : q.remaining,
    };
  }

  /** For the web app: the organization's settings page lists every integration's usage. */
  @Query(() => CredentialQuotaUsageConnection, {
    description: "Request counters of the organization's API keys and OAuth applications this month",
  })
  @Requires({ section: 'company_settings', access: 'read', credentials: ['session'] })
  quotaUsage(@Ctx() { rc }: GraphQLContext, @Args() page: PageArgs) {
    return this.service.usageOf(rc, pageInput(page));
  }
}
