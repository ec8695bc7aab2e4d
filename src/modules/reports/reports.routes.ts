import type { ApiRouter } from '../../core/http/api-router';
import type { Handler } from '../../core/http/types';
import type { EpoFiling, FilingFile } from './epo/epo-filing';
import type { ReportsService } from './reports.service';
import type { ReportStatistics } from './statistics';

const READ = { section: 'reports', access: 'read' } as const;

/** A filing as a download. */
function sendFile(ctx: Parameters<Handler>[0], file: FilingFile): void {
  ctx.set('Content-Disposition', `attachment; filename="${file.filename}"`);
  ctx.type = 'application/xml; charset=utf-8';
  ctx.body = file.xml;
}

export function reportRoutes(
  api: ApiRouter,
  { reports, statistics, filing }: { reports: ReportsService; statistics: ReportStatistics; filing: EpoFiling },
): void {
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
    .get('/reports/vat-return.xml', READ, async (ctx) => {
      sendFile(ctx, await filing.vatReturn(ctx.state.rc, ctx.query));
    })
    .get('/reports/vat-control-statement.xml', READ, async (ctx) => {
      sendFile(ctx, await filing.controlStatement(ctx.state.rc, ctx.query));
    })
    .get('/reports/statistics', READ, async (ctx) => {
      ctx.body = await statistics.of(ctx.state.rc, ctx.query);
    });
}
