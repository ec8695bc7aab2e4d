import { defineModule } from '../../core/module';
import { Migration0015AuditLog } from '../../migrations/Migration0015AuditLog';
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
  migrations: [Migration0015AuditLog],
  openapi: auditOpenApi,
  build: ({ infra, identity }) => {
    const auditLog = new AuditLogService(infra.audit, identity.identity);
    return {
      services: { auditLog },
      routes: { api: (api) => auditRoutes(api, auditLog) },
      resolvers: [new AuditResolver(auditLog)],
    };
  },
});
