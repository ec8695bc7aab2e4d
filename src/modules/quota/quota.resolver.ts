import { Args, Ctx, Query, Resolver } from 'type-graphql';
import { Requires, type GraphQLContext } from '../../core/graphql/context';
import { PageArgs, pageInput } from '../../core/graphql/connection';
import type { QuotaService } from './quota.service';
import { CredentialQuotaUsageConnection } from './quota.types';

@Resolver()
export class QuotaResolver {
  constructor(private readonly quota: QuotaService) {}

  /** For the web app: the organization's settings page lists every integration's usage. */
  @Query(() => CredentialQuotaUsageConnection, { description: "Request counters of the organization's API keys and OAuth applications this month" })
  @Requires({ section: 'company_settings', access: 'read', credentials: ['session'] })
  quotaUsage(@Ctx() { rc }: GraphQLContext, @Args() page: PageArgs) {
    return this.quota.usageOf(rc, pageInput(page));
  }
}
