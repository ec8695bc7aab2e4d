import type { ApiRouter } from '../../core/http/api-router';
import type { AutomationsService } from './automations.service';

export const READ = { section: 'automations', access: 'read' } as const;
export const WRITE = { section: 'automations', access: 'write' } as const;

export function automationRoutes(api: ApiRouter, automations: AutomationsService): void {
  api
    .get('/automations', READ, async (ctx) => {
      ctx.body = await automations.list(ctx.state.rc, ctx.query);
    })
    .post('/automations', WRITE, async (ctx) => {
      ctx.status = 201;
      ctx.body = await automations.create(ctx.state.rc, ctx.request.body);
    })
    .get('/automations/:id', READ, async (ctx) => {
      ctx.body = await automations.get(ctx.state.rc, ctx.params.id);
    })
    .put('/automations/:id', WRITE, async (ctx) => {
      ctx.body = await automations.update(ctx.state.rc, ctx.params.id, ctx.request.body);
    })
    .delete('/automations/:id', WRITE, async (ctx) => {
      await automations.delete(ctx.state.rc, ctx.params.id);
      ctx.status = 204;
    })
    .get('/automations/:id/runs', READ, async (ctx) => {
      ctx.body = await automations.runs(ctx.state.rc, ctx.params.id, ctx.query);
    })
    .post('/automations/:id/run', WRITE, async (ctx) => {
      ctx.body = await automations.run(ctx.state.rc, ctx.params.id, ctx.request.body);
    });
}
