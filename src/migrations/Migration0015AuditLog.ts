import { Migration } from '@mikro-orm/migrations';

/**
 * The security audit log (src/core/audit): one row per recorded action. `organization_id` is null for
 * what belongs to no company (a failed login for an unknown e-mail); the operator sees those. Kept
 * apart from the outbox: a failed login changes no state and must be kept even though its request fails.
 */
export class Migration0015AuditLog extends Migration {
  override up(): void {
    this.addSql(`CREATE TABLE audit_log (
      id uuid PRIMARY KEY,
      organization_id uuid REFERENCES organizations (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL,
      action text NOT NULL,
      actor_user_id uuid,
      actor_kind text,
      actor_credential_id text,
      ip text NOT NULL,
      user_agent text NOT NULL,
      target_type text,
      target_id text,
      details jsonb NOT NULL DEFAULT '{}'::jsonb
    )`);
    this.addSql(`CREATE INDEX audit_log_organization ON audit_log (organization_id, created_at, id)`);
  }

  override down(): void {
    this.addSql(`DROP TABLE audit_log`);
  }
}
