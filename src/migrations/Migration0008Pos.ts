import { Migration } from '@mikro-orm/migrations';

/**
 * Point of sale (issue 12): registers, their idempotency keys per (device, operation), and the POS
 * facts of a document. POS documents are ordinary rows of `documents` (INVOICE, CREDIT_NOTE), so the
 * general list, reports and the (organization, type, number) uniqueness cover them unchanged.
 */
export class Migration0008Pos extends Migration {
  override up(): void {
    this.addSql(`CREATE TABLE pos_devices (
      id uuid PRIMARY KEY,
      organization_id uuid NOT NULL REFERENCES organizations(id),
      name text NOT NULL,
      prefix text NOT NULL,
      token_hash text NOT NULL UNIQUE,
      created_by_user_id uuid,
      created_at timestamptz NOT NULL,
      revoked_at timestamptz,
      last_used_at timestamptz
    )`);
    this.addSql(`CREATE INDEX pos_devices_org_page_idx ON pos_devices (organization_id, created_at, id)`);
    // A key is bound only when its operation committed; the primary key is what makes a replay find it.
    // The document reference is checked at commit: an issue binds its key first (the insert is also
    // what makes a concurrent request with the same key wait), then writes the document.
    this.addSql(`CREATE TABLE pos_idempotency_keys (
      device_id uuid NOT NULL REFERENCES pos_devices(id),
      operation text NOT NULL CHECK (operation IN ('issue','cancel','credit-note')),
      key text NOT NULL,
      organization_id uuid NOT NULL REFERENCES organizations(id),
      document_id uuid NOT NULL REFERENCES documents(id) DEFERRABLE INITIALLY DEFERRED,
      created_at timestamptz NOT NULL,
      PRIMARY KEY (device_id, operation, key)
    )`);
    this.addSql(`ALTER TABLE documents
      ADD COLUMN pos_device_id uuid REFERENCES pos_devices(id),
      ADD COLUMN pos_document_kind text CHECK (pos_document_kind IN ('SIMPLIFIED','TAX_DOCUMENT','INVOICE','SALE_RECEIPT')),
      ADD COLUMN rounding_amount numeric(14,2) NOT NULL DEFAULT 0,
      ADD COLUMN payment_method text,
      ADD COLUMN corrected_document_id uuid REFERENCES documents(id),
      ADD COLUMN credit_note_reason text,
      ADD COLUMN customer_details jsonb`);
    // The document's history: who did what and why (a POS cancel keeps its reason here).
    this.addSql(`CREATE TABLE document_history (
      id uuid PRIMARY KEY,
      organization_id uuid NOT NULL REFERENCES organizations(id),
      document_id uuid NOT NULL REFERENCES documents(id),
      action text NOT NULL,
      from_status text,
      to_status text,
      reason text,
      pos_device_id uuid REFERENCES pos_devices(id),
      at timestamptz NOT NULL
    )`);
    this.addSql(`CREATE INDEX document_history_document_idx ON document_history (document_id, at)`);
  }
}
