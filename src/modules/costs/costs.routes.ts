import type { ApiRouter } from '../../core/http/api-router';
import type { CostsService } from './costs.service';

const READ = { section: 'costs', access: 'read' } as const;
const WRITE = { section: 'costs', access: 'write' } as const;

export function costRoutes(api: ApiRouter, costs: CostsService): void {
  api
    .post('/costs', WRITE, async (ctx) => {
      ctx.status = 201;
      ctx.body = await costs.create(ctx.state.rc, ctx.request.body);
    })
    .get('/costs', READ, async (ctx) => {
      ctx.body = await costs.list(ctx.state.rc, ctx.query);
    })
    .get('/costs/:id', READ, async (ctx) => {
      ctx.body = await costs.get(ctx.state.rc, ctx.params.id);
    })
    .patch('/costs/:id', WRITE, async (ctx) => {
      ctx.body = await costs.update(ctx.state.rc, ctx.params.id, ctx.request.body);
    })
    .delete('/costs/:id', WRITE, async (ctx) => {
      await costs.delete(ctx.state.rc, ctx.params.id);
      ctx.status = 204;
    })
    .post('/costs/:id/cancel', WRITE, async (ctx) => {
      ctx.body = await costs.cancel(ctx.state.rc, ctx.params.id);
    });
}
