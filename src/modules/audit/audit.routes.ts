import type { ApiRouter } from '../../core/http/api-router';
import { MANAGERS } from '../../core/http/gate';
import type { AuditLogService } from './audit-log.service';

export function auditRoutes(api: ApiRouter, auditLog: AuditLogService): void {
  api.get('/audit-log', MANAGERS, async (ctx) => {
    ctx.body = await auditLog.list(ctx.state.rc, ctx.query);
  });
}
