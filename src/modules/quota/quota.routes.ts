import type { ApiRouter } from '../../core/http/api-router';
import type { AccessSpec } from '../../core/http/gate';
import type { QuotaService } from './quota.service';

/** The metered credentials: a session has no quota of its own (403). */
export const OWN_CREDENTIAL: AccessSpec = { authenticated: true, credentials: ['apiKey', 'oauth'] };

export function quotaRoutes(api: ApiRouter, quota: QuotaService): void {
  api.get('/quota', OWN_CREDENTIAL, async (ctx) => {
    ctx.body = await quota.current(ctx.state.rc);
  });
}
