import type { ApiRouter } from '../../core/http/api-router';
import type { AccessSpec } from '../../core/http/gate';
import type { SavedViewsService } from './savedviews.service';

/** Any person or integration of the company; the view's list decides the rest (its section's read access). */
export const VIEWS_ACCESS: AccessSpec = { authenticated: true, credentials: ['session', 'apiKey', 'oauth'] };

export function savedViewRoutes(api: ApiRouter, views: SavedViewsService): void {
  api
    .get('/saved-views', VIEWS_ACCESS, async (ctx) => {
      ctx.body = await views.list(ctx.state.rc, ctx.query);
    })
    .post('/saved-views', VIEWS_ACCESS, async (ctx) => {
      ctx.status = 201;
      ctx.body = await views.create(ctx.state.rc, ctx.request.body);
    })
    .get('/saved-views/:id', VIEWS_ACCESS, async (ctx) => {
      ctx.body = await views.get(ctx.state.rc, ctx.params.id);
    })
    .put('/saved-views/:id', VIEWS_ACCESS, async (ctx) => {
      ctx.body = await views.update(ctx.state.rc, ctx.params.id, ctx.request.body);
    })
    .delete('/saved-views/:id', VIEWS_ACCESS, async (ctx) => {
      await views.delete(ctx.state.rc, ctx.params.id);
      ctx.status = 204;
    });
}
