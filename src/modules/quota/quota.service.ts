import type { Clock } from '../../core/clock';
import { authed, orgId, type RequestContext } from '../../core/ctx';
import { ForbiddenError } from '../../core/errors';
import { parseInput, paginationInput, type Page } from '../../core/validation';
import type { QuotaCounter } from './quota-counter';
import { monthlyLimit } from './quota-plans';
import { quotaPeriod, remaining, unixSeconds, type QuotaState } from './quota-state';
import type { CredentialUsageDirectory } from './credential-usage';
import { meteredCredential } from './quota.meter';

/** DESIGN 5: `GET /api/v1/quota`. resetAt is Unix seconds, as in the 429 body and X-RateLimit-Reset. */
export interface QuotaView {
  plan: string;
  limit: number | 'unlimited';
  used: number;
  remaining: number | 'unlimited';
  resetAt: number;
}

export interface CredentialUsageView {
  credentialType: 'apiKey' | 'oauth';
  credentialId: string;
  /** API key name or OAuth application name. */
  name: string | null;
  used: number;
  limit: number | null;
  remaining: number | null;
  resetAt: number;
}

export class QuotaService {
  constructor(
    private readonly clock: Clock,
    private readonly counter: QuotaCounter,
    private readonly directory: CredentialUsageDirectory,
  ) {}

  /** The calling credential's own counter this month (this request included). */
  async current(ctx: RequestContext): Promise<QuotaView> {
    const { principal } = authed(ctx);
    const credential = meteredCredential(principal);
    if (!credential)
      throw new ForbiddenError('Quota is metered per API key or OAuth application; call this with one of them');
    const { period, resetAt } = quotaPeriod(this.clock.now());
    const used = await this.counter.used(ctx.em, {
      organizationId: principal.organization.id,
      credentialId: credential.id,
      period,
    });
    const state: QuotaState = { limit: monthlyLimit(principal.organization.plan), used, resetAt };
    return {
      plan: principal.organization.plan,
      limit: state.limit ?? 'unlimited',
      used,
      remaining: remaining(state),
      resetAt: unixSeconds(resetAt),
    };
  }

  /** Every metered credential of the caller's organization with its counter this month (for the web app). */
  async usageOf(ctx: RequestContext, page: unknown): Promise<Page<CredentialUsageView>> {
    const { period, resetAt } = quotaPeriod(this.clock.now());
    const limit = monthlyLimit(authed(ctx).principal.organization.plan);
    const rows = await this.directory.list(ctx.em, orgId(ctx), period, parseInput(paginationInput, page));
    return {
      data: rows.data.map((r) => {
        const left = remaining({ limit, used: r.used, resetAt });
        return { ...r, limit, remaining: left === 'unlimited' ? null : left, resetAt: unixSeconds(resetAt) };
      }),
      nextCursor: rows.nextCursor,
    };
  }
}
