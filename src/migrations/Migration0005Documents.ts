import { Migration } from '@mikro-orm/migrations';

export class Migration0005Documents extends Migration {
  override up(): void {
    this.addSql(`CREATE TABLE documents (
      id uuid PRIMARY KEY,
      organization_id uuid NOT NULL REFERENCES organizations(id),
      type text NOT NULL CHECK (type IN ('INVOICE','PROFORMA','QUOTE','ORDER','DELIVERY_NOTE','CREDIT_NOTE')),
      status text NOT NULL CHECK (status IN ('DRAFT','ISSUED','SENT','PAID','CANCELLED','ARCHIVED')),
      number text NOT NULL,
      variable_symbol text,
      contact_id uuid REFERENCES contacts(id),
      client_name text,
      department_id uuid REFERENCES departments(id),
      currency text NOT NULL,
      items jsonb NOT NULL,
      issued_at timestamptz NOT NULL,
      due_at timestamptz NOT NULL,
      subtotal numeric(14,2) NOT NULL,
      vat_total numeric(14,2) NOT NULL,
      total numeric(14,2) NOT NULL,
      paid_amount numeric(14,2) NOT NULL DEFAULT 0,
      auto_paid_amount numeric(14,2) NOT NULL DEFAULT 0,
      status_before_paid text,
      tags jsonb NOT NULL DEFAULT '[]',
      note text,
      public_token text NOT NULL UNIQUE,
      sent_at timestamptz,
      paid_at timestamptz,
      cancelled_at timestamptz,
      overdue_notified_at timestamptz,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      UNIQUE (organization_id, type, number)
    )`);
    this.addSql(`CREATE INDEX documents_org_page_idx ON documents (organization_id, created_at, id)`);
    this.addSql(`CREATE INDEX documents_org_issued_idx ON documents (organization_id, issued_at)`);
    this.addSql(`CREATE INDEX documents_org_vs_idx ON documents (organization_id, variable_symbol)`);
    this.addSql(`CREATE INDEX documents_contact_idx ON documents (contact_id)`);
    this.addSql(`CREATE INDEX documents_tags_idx ON documents USING gin (tags)`);
    // The daily check scans only unpaid invoices that were never reported overdue.
    this.addSql(`CREATE INDEX documents_overdue_idx ON documents (due_at)
      WHERE type = 'INVOICE' AND status IN ('ISSUED','SENT') AND overdue_notified_at IS NULL`);
    this.addSql(`CREATE TABLE numbering_series (
      organization_id uuid NOT NULL REFERENCES organizations(id),
      document_type text NOT NULL,
      prefix text NOT NULL,
      padding integer NOT NULL,
      next_number bigint NOT NULL,
      updated_at timestamptz NOT NULL,
      PRIMARY KEY (organization_id, document_type)
    )`);
    this.addSql(`CREATE TABLE outbound_email (
      id uuid PRIMARY KEY,
      sender text NOT NULL,
      recipient text NOT NULL,
      subject text NOT NULL,
      body text NOT NULL,
      created_at timestamptz NOT NULL
    )`);
  }
}
