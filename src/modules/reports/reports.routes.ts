import type { ApiRouter } from '../../core/http/api-router';
import type { ReportsService } from './reports.service';

const READ = { section: 'reports', access: 'read' } as const;

export function reportRoutes(api: ApiRouter, reports: ReportsService): void {
  api
    .get('/reports/vat', READ, async (ctx) => {
      ctx.body = await reports.vat(ctx.state.rc, ctx.query);
    })
    .get('/reports/sales', READ, async (ctx) => {
      ctx.body = await reports.sales(ctx.state.rc, ctx.query);
    })
    .get('/reports/vat-control-statement', READ, async (ctx) => {
      ctx.body = await reports.controlStatement(ctx.state.rc, ctx.query);
    });
}
