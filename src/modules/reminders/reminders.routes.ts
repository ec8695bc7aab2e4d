import type { ApiRouter } from '../../core/http/api-router';
import type { DocumentReminders } from './document-reminders';
import type { ReminderSteps } from './reminder-steps';

const READ = { section: 'company_settings', access: 'read' } as const;
const WRITE = { section: 'company_settings', access: 'write' } as const;
const DOCUMENTS_READ = { section: 'documents', access: 'read' } as const;
const DOCUMENTS_WRITE = { section: 'documents', access: 'write' } as const;

export function reminderRoutes(api: ApiRouter, steps: ReminderSteps, documentReminders: DocumentReminders): void {
  api
    .get('/settings/reminder-steps', READ, async (ctx) => {
      ctx.body = await steps.list(ctx.state.rc);
    })
    .put('/settings/reminder-steps', WRITE, async (ctx) => {
      ctx.body = await steps.replace(ctx.state.rc, ctx.request.body);
    })
    .get('/documents/:id/reminders', DOCUMENTS_READ, async (ctx) => {
      ctx.body = await documentReminders.get(ctx.state.rc, ctx.params.id);
    })
    .put('/documents/:id/reminders', DOCUMENTS_WRITE, async (ctx) => {
      ctx.body = await documentReminders.update(ctx.state.rc, ctx.params.id, ctx.request.body);
    });
}
