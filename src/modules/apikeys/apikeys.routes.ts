import type { ApiRouter } from '../../core/http/api-router';
import { MANAGERS } from '../../core/http/gate';
import type { ApiKeysService } from './apikeys.service';

export function apiKeyRoutes(api: ApiRouter, apiKeys: ApiKeysService): void {
  api
    .post('/api-keys', MANAGERS, async (ctx) => {
      ctx.status = 201;
      ctx.body = await apiKeys.create(ctx.state.rc, ctx.request.body);
    })
    .get('/api-keys', MANAGERS, async (ctx) => {
      ctx.body = await apiKeys.list(ctx.state.rc, ctx.query);
    })
    .delete('/api-keys/:id', MANAGERS, async (ctx) => {
      await apiKeys.delete(ctx.state.rc, ctx.params.id);
      ctx.status = 204;
    });
}
