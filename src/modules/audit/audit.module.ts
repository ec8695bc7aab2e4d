import { deleteOldAuditEntries } from '../../core/audit/audit.queries';
import { defineModule } from '../../core/module';
import { daysBefore, retentionJob } from '../../core/retention';
import { Migration0015AuditLog } from '../../migrations/Migration0015AuditLog';
import { Migration0021RetentionIndexes } from '../../migrations/Migration0021RetentionIndexes';
import { identityModule } from '../identity/identity.module';
import { AuditLogService } from './audit-log.service';
import { auditOpenApi } from './audit.openapi';
import { AuditResolver } from './audit.resolver';
import { auditRoutes } from './audit.routes';

/**
 * The audit log's table and its readers (REST, GraphQL). Recording is infrastructure (`infra.audit`,
 * src/core/audit), so every module records without depending on this manifest.
 */
export const auditModule = defineModule({
  name: 'audit',
  dependsOn: [identityModule],
  migrations: [Migration0015AuditLog, Migration0021RetentionIndexes],
  openapi: auditOpenApi,
  build: ({ infra, identity }) => {
    const auditLog = new AuditLogService(infra.audit, identity.identity);
    return {
      services: { auditLog },
      routes: { api: (api) => auditRoutes(api, auditLog) },
      resolvers: [new AuditResolver(auditLog)],
      // The table is written by infra.audit (core); its lifetime is this manifest's job.
      jobs: [
        retentionJob('audit', infra, [
          {
            kind: 'entries',
            deleteBatch: (em, now, limit) =>
              deleteOldAuditEntries(em, daysBefore(now, infra.config.RETENTION_AUDIT_LOG_DAYS), limit),
          },
        ]),
      ],
    };
  },
});
