import type { ApiRouter } from '../../core/http/api-router';
import { sendAttachment } from '../../core/http/attachment';
import { readUpload } from '../../core/http/body';
import { parseInput } from '../../core/validation';
import type { CostAttachments } from './cost-attachments';
import { ImportFileTooLarge, IsdocInvalid } from './costs.errors';
import { importCostQuery } from './costs.inputs';
import type { CostsService } from './costs.service';
import type { CostImport } from './isdoc/cost-import';
import { assertImportType, MAX_IMPORT_BYTES } from './isdoc/isdoc-file';

const READ = { section: 'costs', access: 'read' } as const;
const WRITE = { section: 'costs', access: 'write' } as const;

export interface CostRouteServices {
  costs: CostsService;
  costImport: CostImport;
  attachments: CostAttachments;
}

export function costRoutes(api: ApiRouter, { costs, costImport, attachments }: CostRouteServices): void {
  api
    .post('/costs', WRITE, async (ctx) => {
      ctx.status = 201;
      ctx.body = await costs.create(ctx.state.rc, ctx.request.body);
    })
    .post('/costs/import', WRITE, async (ctx) => {
      const { filename } = parseInput(importCostQuery, ctx.query);
      const contentType = assertImportType(ctx.get('Content-Type'));
      const content = await readUpload(ctx.req, MAX_IMPORT_BYTES);
      if (content === 'too-large') throw new ImportFileTooLarge(`The file exceeds ${MAX_IMPORT_BYTES} bytes`);
      if (content === 'unreadable') throw new IsdocInvalid('The uploaded body could not be read');
      ctx.status = 201;
      ctx.body = await costImport.fromFile(ctx.state.rc, { filename: filename ?? '', contentType, content });
    })
    .get('/costs', READ, async (ctx) => {
      ctx.body = await costs.list(ctx.state.rc, ctx.query);
    })
    .get('/costs/:id', READ, async (ctx) => {
      ctx.body = await costs.get(ctx.state.rc, ctx.params.id);
    })
    .get('/costs/:id/attachments', READ, async (ctx) => {
      ctx.body = { data: await attachments.list(ctx.state.rc, ctx.params.id) };
    })
    .get('/costs/:id/attachments/:attachmentId', READ, async (ctx) => {
      sendAttachment(ctx, await attachments.download(ctx.state.rc, ctx.params.id, ctx.params.attachmentId));
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
