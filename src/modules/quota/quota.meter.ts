import type { Principal } from '../../core/access';
import type { Clock } from '../../core/clock';
import type { RequestMeter } from '../../core/http/gate';
import type { AppContext } from '../../core/http/types';
import type { PrecountedRequests } from './precounted-requests';
import type { QuotaCounter } from './quota-counter';
import { canUpgrade, monthlyLimit } from './quota-plans';
import { quotaPeriod, rateLimitHeaders } from './quota-state';
import { QuotaExceededError } from './quota.errors';
import type { MeteredCredential } from './quota-usage.entity';

/** The credential a principal is metered as; sessions and POS devices are not metered (DESIGN 4). */
export function meteredCredential(principal: Principal): { type: MeteredCredential; id: string } | null {
  if ((principal.kind === 'apiKey' || principal.kind === 'oauth') && principal.credentialId) {
    return { type: principal.kind, id: principal.credentialId };
  }
  return null;
}

/**
 * Runs right after authentication on every REST route and on /graphql: counts the request against
 * (organization, credential) for this UTC month (unless the authenticating statement already did)
 * and sets the X-RateLimit headers, which stay on the response whatever the handler then answers.
 * A used-up quota answers 429 and counts nothing.
 */
export class QuotaMeter implements RequestMeter {
  constructor(
    private readonly clock: Clock,
    private readonly counter: QuotaCounter,
    private readonly precounted: PrecountedRequests,
  ) {}

  async meter(ctx: AppContext, principal: Principal): Promise<void> {
    const credential = meteredCredential(principal);
    if (!credential) return;
    const precount = this.precounted.get(principal);
    const now = precount?.at ?? this.clock.now();
    const { period, resetAt } = quotaPeriod(now);
    const limit = monthlyLimit(principal.organization.plan);
    const key = { organizationId: principal.organization.id, credentialId: credential.id, period };
    // The request's EntityManager only when a statement runs here: a precounted request forks none.
    const used = precount
      ? precount.used
      : await this.counter.count(ctx.state.rc.em, {
          ...key,
          credentialType: credential.type,
          plan: principal.organization.plan,
        });
    if (used !== null) {
      ctx.set(rateLimitHeaders({ limit, used, resetAt }));
      return;
    }
    const state = { limit: limit!, used: await this.counter.used(ctx.state.rc.em, key), resetAt };
    ctx.set(rateLimitHeaders(state));
    throw new QuotaExceededError(state, canUpgrade(principal.organization.plan), now);
  }
}
