import type { ApiRouter } from '../../../core/http/api-router';
import type { AccessSpec } from '../../../core/http/gate';
import type { BankConnectionsService } from './bank-connections.service';

const WRITE: AccessSpec = { section: 'payments', access: 'write' };

export function bankConnectionRoutes(api: ApiRouter, connections: BankConnectionsService): void {
  api
    .put('/bank-accounts/:id/connection', WRITE, async (ctx) => {
      ctx.body = await connections.connect(ctx.state.rc, ctx.params.id, ctx.request.body);
    })
    .delete('/bank-accounts/:id/connection', WRITE, async (ctx) => {
      await connections.disconnect(ctx.state.rc, ctx.params.id);
      ctx.status = 204;
    })
    .post('/bank-accounts/:id/sync', WRITE, async (ctx) => {
      ctx.body = await connections.syncNow(ctx.state.rc, ctx.params.id);
    });
}
