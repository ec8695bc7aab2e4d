import type { ApiRouter } from '../../core/http/api-router';
import type { EmailTemplates } from './emailtemplates.service';

const READ = { section: 'company_settings', access: 'read' } as const;
const WRITE = { section: 'company_settings', access: 'write' } as const;

/** The preview (POST /email-templates/preview) shows a document: the documents module serves it. */
export function emailTemplateRoutes(api: ApiRouter, templates: EmailTemplates): void {
  api
    .get('/email-templates', READ, async (ctx) => {
      ctx.body = { data: await templates.list(ctx.state.rc) };
    })
    .put('/email-templates/:kind/:language', WRITE, async (ctx) => {
      ctx.body = await templates.save(ctx.state.rc, { ...ctx.query, ...ctx.params }, ctx.request.body);
    })
    .delete('/email-templates/:kind/:language', WRITE, async (ctx) => {
      ctx.body = await templates.reset(ctx.state.rc, { ...ctx.query, ...ctx.params });
    })
    .get('/settings/emails', READ, async (ctx) => {
      ctx.body = await templates.settings(ctx.state.rc);
    })
    .put('/settings/emails', WRITE, async (ctx) => {
      ctx.body = await templates.saveSettings(ctx.state.rc, ctx.request.body);
    });
}
