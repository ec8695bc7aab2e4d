import { Migration } from '@mikro-orm/migrations';

/**
 * Webhook endpoints, their deliveries (one row per event and endpoint, the attempts inline) and
 * internal notifications. Named 0009 so it sorts after the POS migration (0008) built in parallel.
 */
export class Migration0009Webhooks extends Migration {
  override up(): void {
    this.addSql(`CREATE TABLE webhook_endpoints (
      id uuid PRIMARY KEY,
      organization_id uuid NOT NULL REFERENCES organizations(id),
      name text NOT NULL,
      url text NOT NULL,
      events jsonb NOT NULL,
      is_active boolean NOT NULL,
      secret text NOT NULL,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    )`);
    this.addSql(`CREATE INDEX webhook_endpoints_org_idx ON webhook_endpoints (organization_id, created_at, id)`);
    // endpoint_id without a foreign key: deleting an endpoint deletes its deliveries in the same transaction.
    this.addSql(`CREATE TABLE webhook_deliveries (
      id uuid PRIMARY KEY,
      organization_id uuid NOT NULL,
      endpoint_id uuid NOT NULL,
      event text NOT NULL,
      body text NOT NULL,
      status text NOT NULL,
      attempts_made integer NOT NULL DEFAULT 0,
      attempts jsonb NOT NULL DEFAULT '[]',
      next_attempt_at timestamptz,
      claimed_until timestamptz,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    )`);
    this.addSql(
      `CREATE INDEX webhook_deliveries_log_idx ON webhook_deliveries (endpoint_id, created_at DESC, id DESC)`,
    );
    // The senders' claim: first attempts due (and claims left behind by a crashed sender).
    this.addSql(
      `CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at) WHERE status = 'PENDING'`,
    );
    this.addSql(`CREATE TABLE notifications (
      id uuid PRIMARY KEY,
      organization_id uuid NOT NULL REFERENCES organizations(id),
      type text NOT NULL,
      title text NOT NULL,
      message text NOT NULL,
      automation_id uuid,
      document_id uuid,
      webhook_id uuid,
      read boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL
    )`);
    this.addSql(`CREATE INDEX notifications_org_idx ON notifications (organization_id, created_at DESC, id DESC)`);
  }
}
