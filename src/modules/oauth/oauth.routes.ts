import type { ApiRouter } from '../../core/http/api-router';
import { SESSION_ONLY, type AccessSpec } from '../../core/http/gate';
import type { ApplicationsService } from './applications.service';
import type { GrantsService } from './grants.service';
import { SCOPE_CATALOG } from './oauth.scopes';

/** DESIGN 3: application management needs a session with company_settings write. */
export const MANAGE_APPLICATIONS: AccessSpec = {
  section: 'company_settings',
  access: 'write',
  credentials: ['session'],
};

export function oauthRoutes(api: ApiRouter, applications: ApplicationsService, grants: GrantsService): void {
  api
    .get('/oauth/scopes', { public: true }, (ctx) => {
      ctx.body = { scopes: SCOPE_CATALOG };
    })
    .post('/oauth/applications', MANAGE_APPLICATIONS, async (ctx) => {
      ctx.status = 201;
      ctx.body = await applications.register(ctx.state.rc, ctx.request.body as never);
    })
    .get('/oauth/applications', MANAGE_APPLICATIONS, async (ctx) => {
      ctx.body = await applications.list(ctx.state.rc, ctx.query);
    })
    .get('/oauth/applications/:id', MANAGE_APPLICATIONS, async (ctx) => {
      ctx.body = await applications.get(ctx.state.rc, ctx.params.id);
    })
    .patch('/oauth/applications/:id', MANAGE_APPLICATIONS, async (ctx) => {
      ctx.body = await applications.update(ctx.state.rc, ctx.params.id, ctx.request.body as never);
    })
    .post('/oauth/applications/:id/rotate-secret', MANAGE_APPLICATIONS, async (ctx) => {
      ctx.body = await applications.rotateSecret(ctx.state.rc, ctx.params.id);
    })
    .get('/oauth/grants', SESSION_ONLY, async (ctx) => {
      ctx.body = await grants.listOwn(ctx.state.rc, ctx.query);
    })
    .delete('/oauth/grants/:id', SESSION_ONLY, async (ctx) => {
      await grants.revokeOwn(ctx.state.rc, ctx.params.id);
      ctx.status = 204;
    })
    .get('/oauth/me', { authenticated: true, credentials: ['oauth'] }, (ctx) => {
      ctx.body = grants.describeAccess(ctx.state.rc);
    });
}
