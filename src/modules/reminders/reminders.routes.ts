import type { ApiRouter } from '../../core/http/api-router';
import type { ReminderSteps } from './reminder-steps';

const READ = { section: 'company_settings', access: 'read' } as const;
const WRITE = { section: 'company_settings', access: 'write' } as const;

export function reminderRoutes(api: ApiRouter, steps: ReminderSteps): void {
  api
    .get('/settings/reminder-steps', READ, async (ctx) => {
      ctx.body = await steps.list(ctx.state.rc);
    })
    .put('/settings/reminder-steps', WRITE, async (ctx) => {
      ctx.body = await steps.replace(ctx.state.rc, ctx.request.body);
    });
}
