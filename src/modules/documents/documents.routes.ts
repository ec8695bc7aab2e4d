import type { ApiRouter } from '../../core/http/api-router';
import type { DocumentMailing } from './document-mailing';
import type { DocumentsService } from './documents.service';
import type { NumberingService } from './numbering';
import type { PublicDocuments } from './public-documents';

const READ = { section: 'documents', access: 'read' } as const;
const WRITE = { section: 'documents', access: 'write' } as const;

/** What the document routes and resolvers call. */
export interface DocumentServices {
  documents: DocumentsService;
  mailing: DocumentMailing;
  numbering: NumberingService;
}

export function documentRoutes(api: ApiRouter, { documents, mailing, numbering }: DocumentServices): void {
  api
    .post('/documents', WRITE, async (ctx) => {
      ctx.status = 201;
      ctx.body = await documents.create(ctx.state.rc, ctx.request.body);
    })
    .get('/documents', READ, async (ctx) => {
      ctx.body = await documents.list(ctx.state.rc, ctx.query);
    })
    .get('/documents/:id', READ, async (ctx) => {
      ctx.body = await documents.get(ctx.state.rc, ctx.params.id);
    })
    .patch('/documents/:id', WRITE, async (ctx) => {
      ctx.body = await documents.update(ctx.state.rc, ctx.params.id, ctx.request.body);
    })
    .delete('/documents/:id', WRITE, async (ctx) => {
      await documents.delete(ctx.state.rc, ctx.params.id);
      ctx.status = 204;
    })
    .post('/documents/:id/transition', WRITE, async (ctx) => {
      ctx.body = await documents.transition(ctx.state.rc, ctx.params.id, ctx.request.body);
    })
    .post('/documents/:id/send-email', WRITE, async (ctx) => {
      ctx.body = await mailing.send(ctx.state.rc, ctx.params.id, ctx.request.body);
    })
    .get('/settings/numbering', { section: 'company_settings', access: 'read' }, async (ctx) => {
      ctx.body = await numbering.list(ctx.state.rc);
    })
    .put('/settings/numbering', { section: 'company_settings', access: 'write' }, async (ctx) => {
      ctx.body = await numbering.update(ctx.state.rc, ctx.request.body);
    });
}

/** Outside /api/v1: the customer's view by public link, no credential. */
export function publicDocumentRoutes(api: ApiRouter, publicDocuments: PublicDocuments): void {
  api.get('/public/documents/:token', { public: true }, async (ctx) => {
    ctx.body = await publicDocuments.view(ctx.state.rc, ctx.params.token);
  });
}
