import { Migration0015AuditLog } from '../../migrations/Migration0015AuditLog';
import { defineModule } from '../module';

/**
 * The audit log's table. Recording is infrastructure (`infra.audit`), so every module can record
 * without depending on this manifest.
 */
export const auditModule = defineModule({
  name: 'audit',
  migrations: [Migration0015AuditLog],
  build: () => ({}),
});
