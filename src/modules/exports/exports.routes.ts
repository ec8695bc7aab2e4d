import type { ApiRouter } from '../../core/http/api-router';
import type { AppContext } from '../../core/http/types';
import type { ExportDownload, ExportsService } from './exports.service';

/** Each export needs read access to its resource's section: the service checks it per export. */
const CALLER = { authenticated: true } as const;

function sendFile(ctx: AppContext, file: ExportDownload): void {
  ctx.set('Content-Type', file.contentType);
  ctx.set('Content-Length', String(file.size));
  ctx.set('Content-Disposition', `attachment; filename="${file.filename}"`);
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Cache-Control', 'private, no-store');
  ctx.body = file.body;
}

export function exportRoutes(api: ApiRouter, exports: ExportsService): void {
  api
    .post('/exports', CALLER, async (ctx) => {
      ctx.status = 202;
      ctx.body = await exports.create(ctx.state.rc, ctx.request.body);
    })
    .get('/exports', CALLER, async (ctx) => {
      ctx.body = await exports.list(ctx.state.rc, ctx.query);
    })
    .get('/exports/:id', CALLER, async (ctx) => {
      ctx.body = await exports.get(ctx.state.rc, ctx.params.id);
    })
    .get('/exports/:id/download', CALLER, async (ctx) => {
      sendFile(ctx, await exports.download(ctx.state.rc, ctx.params.id));
    })
    .get('/exports/:id/file', { public: true }, async (ctx) => {
      ctx.set('Referrer-Policy', 'no-referrer');
      sendFile(ctx, await exports.downloadByLink(ctx.state.rc.em, ctx.params.id, ctx.query.token));
    });
}
