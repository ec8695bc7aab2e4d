import type { ApiRouter } from '../../core/http/api-router';
import type { CatalogEvent } from '../../core/outbox/event-declarations';
import type { DeliveryAdminService } from './delivery-admin.service';
import type { WebhookEndpointsService } from './webhook-endpoints.service';

export const READ = { section: 'automations', access: 'read' } as const;
export const WRITE = { section: 'automations', access: 'write' } as const;

export function webhookRoutes(
  api: ApiRouter,
  endpoints: WebhookEndpointsService,
  deliveries: DeliveryAdminService,
  catalog: readonly CatalogEvent[],
): void {
  api
    .get('/webhooks/events', READ, (ctx) => {
      // The whole catalog always fits one page; the page shape keeps every list alike.
      ctx.body = { data: catalog, nextCursor: null };
    })
    .get('/webhooks', READ, async (ctx) => {
      ctx.body = await endpoints.list(ctx.state.rc, ctx.query);
    })
    .post('/webhooks', WRITE, async (ctx) => {
      ctx.status = 201;
      ctx.body = await endpoints.create(ctx.state.rc, ctx.request.body);
    })
    .get('/webhooks/:id', READ, async (ctx) => {
      ctx.body = await endpoints.get(ctx.state.rc, ctx.params.id);
    })
    .put('/webhooks/:id', WRITE, async (ctx) => {
      ctx.body = await endpoints.update(ctx.state.rc, ctx.params.id, ctx.request.body);
    })
    .delete('/webhooks/:id', WRITE, async (ctx) => {
      await endpoints.delete(ctx.state.rc, ctx.params.id);
      ctx.status = 204;
    })
    .post('/webhooks/:id/test', WRITE, async (ctx) => {
      ctx.body = await deliveries.test(ctx.state.rc, ctx.params.id);
    })
    .get('/webhooks/:id/deliveries', READ, async (ctx) => {
      ctx.body = await deliveries.list(ctx.state.rc, ctx.params.id, ctx.query);
    })
    .post('/webhooks/:id/deliveries/:deliveryId/replay', WRITE, async (ctx) => {
      ctx.body = await deliveries.replay(ctx.state.rc, ctx.params.id, ctx.params.deliveryId);
    });
}
