import type { ApiRouter } from '../../core/http/api-router';
import type { NotificationsService } from './notifications.service';

/** DESIGN 5: any credential of the company may read its notifications. */
export const ANY_CREDENTIAL = { authenticated: true } as const;

export function notificationRoutes(api: ApiRouter, notifications: NotificationsService): void {
  api
    .get('/notifications', ANY_CREDENTIAL, async (ctx) => {
      ctx.body = await notifications.list(ctx.state.rc, ctx.query);
    })
    .post('/notifications/:id/read', ANY_CREDENTIAL, async (ctx) => {
      ctx.body = await notifications.markRead(ctx.state.rc, ctx.params.id);
    });
}
