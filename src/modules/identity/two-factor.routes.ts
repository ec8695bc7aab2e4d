import type { ApiRouter } from '../../core/http/api-router';
import { SESSION_DURING_2FA_SETUP, SESSION_ONLY } from '../../core/http/gate';
import type { IdentityService } from './identity.service';
import type { TwoFactorService } from './two-factor.service';

/** Two-factor login (issue 23 point 3): the person's own setup, the login's second step, the company's requirement. */
export function twoFactorRoutes(api: ApiRouter, identity: IdentityService, twoFactor: TwoFactorService): void {
  api
    .post('/auth/login/2fa', { public: true }, async (ctx) => {
      ctx.body = await identity.loginSecondFactor(ctx.state.rc, ctx.request.body);
    })
    .get('/auth/2fa', SESSION_DURING_2FA_SETUP, async (ctx) => {
      ctx.body = await twoFactor.status(ctx.state.rc);
    })
    .post('/auth/2fa/setup', SESSION_DURING_2FA_SETUP, async (ctx) => {
      ctx.body = await twoFactor.setup(ctx.state.rc);
    })
    .post('/auth/2fa/enable', SESSION_DURING_2FA_SETUP, async (ctx) => {
      ctx.body = await twoFactor.enable(ctx.state.rc, ctx.request.body);
    })
    .post('/auth/2fa/disable', SESSION_ONLY, async (ctx) => {
      await twoFactor.disable(ctx.state.rc, ctx.request.body);
      ctx.status = 204;
    })
    .get('/organization/two-factor-requirement', { authenticated: true }, async (ctx) => {
      ctx.body = await twoFactor.requirement(ctx.state.rc);
    })
    .put(
      '/organization/two-factor-requirement',
      { authenticated: true, credentials: ['session'], roles: ['OWNER'] },
      async (ctx) => {
        ctx.body = await twoFactor.setRequirement(ctx.state.rc, ctx.request.body);
      },
    );
}
