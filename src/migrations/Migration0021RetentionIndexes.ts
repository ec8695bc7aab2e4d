import { Migration } from '@mikro-orm/migrations';

/**
 * Retention (issue 24 point 3): the daily `<module>.retention` jobs delete old rows in batches,
 * oldest first; these indexes let each batch find its rows without scanning the table. Partial where
 * only some rows ever go (finished deliveries, read notifications). event_outbox is walked by its
 * primary key (seq grows with created_at); sessions by expiry.
 */
export class Migration0021RetentionIndexes extends Migration {
  override up(): void {
    this.addSql(
      `CREATE INDEX webhook_deliveries_retention_idx ON webhook_deliveries (created_at) WHERE status <> 'PENDING'`,
    );
    this.addSql(`CREATE INDEX automation_runs_retention_idx ON automation_runs (created_at)`);
    this.addSql(`CREATE INDEX automation_occurrences_retention_idx ON automation_occurrences (occurrence_at)`);
    this.addSql(`CREATE INDEX notifications_retention_idx ON notifications (created_at) WHERE read`);
    this.addSql(`CREATE INDEX sessions_retention_idx ON sessions (expires_at)`);
    this.addSql(`CREATE INDEX audit_log_retention_idx ON audit_log (created_at)`);
    this.addSql(`CREATE INDEX outbound_email_retention_idx ON outbound_email (created_at)`);
  }

  override down(): void {
    for (const index of [
      'webhook_deliveries_retention_idx',
      'automation_runs_retention_idx',
      'automation_occurrences_retention_idx',
      'notifications_retention_idx',
      'sessions_retention_idx',
      'audit_log_retention_idx',
      'outbound_email_retention_idx',
    ]) {
      this.addSql(`DROP INDEX ${index}`);
    }
  }
}
