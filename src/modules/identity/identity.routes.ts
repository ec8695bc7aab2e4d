import type { ApiRouter } from '../../core/http/api-router';
import { MANAGERS, SESSION_DURING_2FA_SETUP } from '../../core/http/gate';
import { clearSessionCookie } from '../../core/http/session-cookie';
import type { AppContext } from '../../core/http/types';
import type { IdentityService } from './identity.service';
import type { SessionsService } from './sessions.service';

export function identityRoutes(
  api: ApiRouter,
  identity: IdentityService,
  account: SessionsService,
  publicUrl: string,
): void {
  api
    .post('/auth/signup', { public: true }, async (ctx: AppContext) => {
      ctx.status = 201;
      ctx.body = await identity.signup(ctx.state.rc, ctx.request.body as never);
    })
    .post('/auth/login', { public: true }, async (ctx) => {
      ctx.body = await identity.login(ctx.state.rc, ctx.request.body);
    })
    // The person's own sessions and password: also while their company waits for their two-factor setup.
    .post('/auth/logout', SESSION_DURING_2FA_SETUP, async (ctx) => {
      await account.logout(ctx.state.rc);
      clearSessionCookie(ctx, publicUrl);
      ctx.status = 204;
    })
    .get('/auth/sessions', SESSION_DURING_2FA_SETUP, async (ctx) => {
      ctx.body = await account.list(ctx.state.rc, ctx.query);
    })
    .delete('/auth/sessions/:id', SESSION_DURING_2FA_SETUP, async (ctx) => {
      await account.end(ctx.state.rc, ctx.params.id);
      ctx.status = 204;
    })
    .post('/auth/password', SESSION_DURING_2FA_SETUP, async (ctx) => {
      ctx.body = await account.changePassword(ctx.state.rc, ctx.request.body as never);
    })
    .get('/auth/me', SESSION_DURING_2FA_SETUP, async (ctx) => {
      ctx.body = await identity.me(ctx.state.rc);
    })
    .patch('/auth/me', SESSION_DURING_2FA_SETUP, async (ctx) => {
      ctx.body = await identity.setLanguage(ctx.state.rc, ctx.request.body);
    })
    .get('/organization', { authenticated: true }, (ctx) => {
      ctx.body = identity.getOrganization(ctx.state.rc);
    })
    .patch('/organization', { section: 'company_settings', access: 'write' }, async (ctx) => {
      ctx.body = await identity.updateOrganization(ctx.state.rc, ctx.request.body);
    })
    .get('/users', MANAGERS, async (ctx) => {
      ctx.body = await identity.listUsers(ctx.state.rc, ctx.query);
    })
    .post('/users', MANAGERS, async (ctx) => {
      ctx.status = 201;
      ctx.body = await identity.createUser(ctx.state.rc, ctx.request.body as never);
    })
    .get('/users/:id', MANAGERS, async (ctx) => {
      ctx.body = await identity.getUser(ctx.state.rc, ctx.params.id);
    })
    .patch('/users/:id', MANAGERS, async (ctx) => {
      ctx.body = await identity.updateUser(ctx.state.rc, ctx.params.id, ctx.request.body as never);
    })
    .delete('/users/:id', MANAGERS, async (ctx) => {
      await identity.removeUser(ctx.state.rc, ctx.params.id);
      ctx.status = 204;
    })
    .get('/departments', MANAGERS, async (ctx) => {
      ctx.body = await identity.listDepartments(ctx.state.rc, ctx.query);
    })
    .post('/departments', MANAGERS, async (ctx) => {
      ctx.status = 201;
      ctx.body = await identity.createDepartment(ctx.state.rc, ctx.request.body);
    });
}
