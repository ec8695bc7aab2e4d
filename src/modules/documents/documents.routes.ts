import type { Container } from '../../container';
import type { ApiRouter } from '../../core/http/api-router';

const READ = { section: 'documents', access: 'read' } as const;
const WRITE = { section: 'documents', access: 'write' } as const;

export function documentRoutes(api: ApiRouter, c: Container): void {
  api
    .post('/documents', WRITE, async (ctx) => {
      ctx.status = 201;
      ctx.body = await c.documents.create(ctx.state.rc, ctx.request.body);
    })
    .get('/documents', READ, async (ctx) => {
      ctx.body = await c.documents.list(ctx.state.rc, ctx.query);
    })
    .get('/documents/:id', READ, async (ctx) => {
      ctx.body = await c.documents.get(ctx.state.rc, ctx.params.id);
    })
    .patch('/documents/:id', WRITE, async (ctx) => {
      ctx.body = await c.documents.update(ctx.state.rc, ctx.params.id, ctx.request.body);
    })
    .delete('/documents/:id', WRITE, async (ctx) => {
      await c.documents.delete(ctx.state.rc, ctx.params.id);
      ctx.status = 204;
    })
    .post('/documents/:id/transition', WRITE, async (ctx) => {
      ctx.body = await c.documents.transition(ctx.state.rc, ctx.params.id, ctx.request.body);
    })
    .post('/documents/:id/send-email', WRITE, async (ctx) => {
      ctx.body = await c.documentMailing.send(ctx.state.rc, ctx.params.id, ctx.request.body);
    })
    .get('/settings/numbering', { section: 'company_settings', access: 'read' }, async (ctx) => {
      ctx.body = await c.numbering.list(ctx.state.rc);
    })
    .put('/settings/numbering', { section: 'company_settings', access: 'write' }, async (ctx) => {
      ctx.body = await c.numbering.update(ctx.state.rc, ctx.request.body);
    });
}

/** Outside /api/v1: the customer's view by public link, no credential. */
export function publicDocumentRoutes(api: ApiRouter, c: Container): void {
  api.get('/public/documents/:token', { public: true }, async (ctx) => {
    ctx.body = await c.publicDocuments.view(ctx.state.rc, ctx.params.token);
  });
}
