import type { ApiRouter } from '../../core/http/api-router';
import type { ReportsService } from './reports.service';
import type { ReportStatistics } from './statistics';

const READ = { section: 'reports', access: 'read' } as const;

export function reportRoutes(api: ApiRouter, reports: ReportsService, statistics: ReportStatistics): void {
  api
    .get('/reports/vat', READ, async (ctx) => {
      ctx.body = await reports.vat(ctx.state.rc, ctx.query);
    })
    .get('/reports/sales', READ, async (ctx) => {
      ctx.body = await reports.sales(ctx.state.rc, ctx.query);
    })
    .get('/reports/vat-control-statement', READ, async (ctx) => {
      ctx.body = await reports.controlStatement(ctx.state.rc, ctx.query);
    })
    .get('/reports/statistics', READ, async (ctx) => {
      ctx.body = await statistics.of(ctx.state.rc, ctx.query);
    });
}
