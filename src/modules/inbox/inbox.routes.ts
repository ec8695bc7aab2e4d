import type { ApiRouter } from '../../core/http/api-router';
import { sendAttachment } from '../../core/http/attachment';
import { readUpload } from '../../core/http/body';
import { BadRequestError } from '../../core/errors';
import { InboxUploadTooLarge } from './inbox.errors';
import { MAX_MULTIPART_BYTES, readMultipart } from './inbox-multipart';
import type { InboxService } from './inbox.service';

const READ = { section: 'costs', access: 'read' } as const;
const WRITE = { section: 'costs', access: 'write' } as const;

export function inboxRoutes(api: ApiRouter, inbox: InboxService): void {
  api
    .post('/inbox', WRITE, async (ctx) => {
      if (!ctx.request.is('multipart/form-data')) throw new BadRequestError('The body must be multipart/form-data');
      const body = await readUpload(ctx.req, MAX_MULTIPART_BYTES);
      if (body === 'too-large') throw new InboxUploadTooLarge(`The request exceeds ${MAX_MULTIPART_BYTES} bytes`);
      if (body === 'unreadable') throw new BadRequestError('The uploaded body could not be read');
      const files = await readMultipart(ctx.req.headers, body);
      ctx.status = 201;
      ctx.body = { data: await inbox.upload(ctx.state.rc, files) };
    })
    .get('/inbox', READ, async (ctx) => {
      ctx.body = await inbox.list(ctx.state.rc, ctx.query);
    })
    .get('/inbox/:id', READ, async (ctx) => {
      ctx.body = await inbox.get(ctx.state.rc, ctx.params.id);
    })
    .delete('/inbox/:id', WRITE, async (ctx) => {
      await inbox.remove(ctx.state.rc, ctx.params.id);
      ctx.status = 204;
    })
    .get('/inbox/:id/file', READ, async (ctx) => {
      sendAttachment(ctx, await inbox.file(ctx.state.rc, ctx.params.id));
    })
    .get('/inbox/:id/pages/:n', READ, async (ctx) => {
      const page = /^\d{1,4}$/.test(ctx.params.n) ? Number(ctx.params.n) : NaN;
      const png = await inbox.pageImage(ctx.state.rc, ctx.params.id, page);
      ctx.set('X-Content-Type-Options', 'nosniff');
      ctx.set('Cache-Control', 'private, max-age=300');
      ctx.type = 'image/png';
      ctx.body = png;
    })
    .post('/inbox/:id/confirm', WRITE, async (ctx) => {
      ctx.status = 201;
      ctx.body = await inbox.confirm(ctx.state.rc, ctx.params.id, ctx.request.body);
    });
}
