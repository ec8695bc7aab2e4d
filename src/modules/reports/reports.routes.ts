import type { Container } from '../../container';
import type { ApiRouter } from '../../core/http/api-router';

const READ = { section: 'reports', access: 'read' } as const;

export function reportRoutes(api: ApiRouter, c: Container): void {
  api
    .get('/reports/vat', READ, async (ctx) => {
      ctx.body = await c.reports.vat(ctx.state.rc, ctx.query);
    })
    .get('/reports/sales', READ, async (ctx) => {
      ctx.body = await c.reports.sales(ctx.state.rc, ctx.query);
    });
}
