import { Migration } from '@mikro-orm/migrations';

/**
 * Files kept with a received cost (issue 27 point 2): cost_attachments holds each file's bytes (the
 * imported ISDOC, .isdocx or PDF), deleted with its cost; costs.payment_account keeps the supplier's
 * bank account as the document states it (an imported ISDOC's PaymentMeans, or typed by hand).
 */
export class Migration0039CostAttachments extends Migration {
  override up(): void {
    this.addSql(`CREATE TABLE cost_attachments (
      id uuid PRIMARY KEY,
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      cost_id uuid NOT NULL REFERENCES costs(id) ON DELETE CASCADE,
      filename text NOT NULL,
      content_type text NOT NULL,
      size integer NOT NULL CHECK (size >= 0),
      content bytea NOT NULL,
      created_at timestamptz NOT NULL
    )`);
    this.addSql(`CREATE INDEX cost_attachments_cost ON cost_attachments (cost_id, created_at)`);
    this.addSql(`ALTER TABLE costs ADD COLUMN payment_account jsonb`);
  }

  override down(): void {
    this.addSql(`ALTER TABLE costs DROP COLUMN payment_account`);
    this.addSql(`DROP TABLE cost_attachments`);
  }
}
