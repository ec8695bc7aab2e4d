import type { ApiRouter } from '../../core/http/api-router';
import type { RecurringService } from './recurring.service';

/** Recurring series make documents, so they belong to the documents section (REST and GraphQL). */
export const READ = { section: 'documents', access: 'read' } as const;
export const WRITE = { section: 'documents', access: 'write' } as const;

export function recurringRoutes(api: ApiRouter, recurring: RecurringService): void {
  api
    .post('/recurring-series', WRITE, async (ctx) => {
      ctx.status = 201;
      ctx.body = await recurring.create(ctx.state.rc, ctx.request.body);
    })
    .get('/recurring-series', READ, async (ctx) => {
      ctx.body = await recurring.list(ctx.state.rc, ctx.query);
    })
    .get('/recurring-series/:id', READ, async (ctx) => {
      ctx.body = await recurring.get(ctx.state.rc, ctx.params.id);
    })
    .put('/recurring-series/:id', WRITE, async (ctx) => {
      ctx.body = await recurring.replace(ctx.state.rc, ctx.params.id, ctx.request.body);
    })
    .delete('/recurring-series/:id', WRITE, async (ctx) => {
      await recurring.remove(ctx.state.rc, ctx.params.id);
      ctx.status = 204;
    })
    .post('/recurring-series/:id/pause', WRITE, async (ctx) => {
      ctx.body = await recurring.pause(ctx.state.rc, ctx.params.id);
    })
    .post('/recurring-series/:id/resume', WRITE, async (ctx) => {
      ctx.body = await recurring.resume(ctx.state.rc, ctx.params.id);
    })
    .get('/recurring-series/:id/documents', READ, async (ctx) => {
      ctx.body = await recurring.documents(ctx.state.rc, ctx.params.id, ctx.query);
    })
    .post('/recurring-series/schedule-preview', READ, (ctx) => {
      ctx.body = recurring.schedulePreview(ctx.request.body);
    })
    .get('/recurring-series/:id/preview', READ, async (ctx) => {
      ctx.body = await recurring.preview(ctx.state.rc, ctx.params.id);
    });
}
