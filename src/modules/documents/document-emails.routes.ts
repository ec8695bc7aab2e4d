import type { ApiRouter } from '../../core/http/api-router';
import type { DocumentEmails } from './document-emails';

/** The templates' preview shows a document: served here (the emailtemplates module keeps the wording). */
export function documentEmailRoutes(api: ApiRouter, emails: DocumentEmails): void {
  api.post('/email-templates/preview', { section: 'company_settings', access: 'read' }, async (ctx) => {
    ctx.body = await emails.preview(ctx.state.rc, ctx.request.body);
  });
}
