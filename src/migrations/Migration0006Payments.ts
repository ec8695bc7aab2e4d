import { Migration } from '@mikro-orm/migrations';

export class Migration0006Payments extends Migration {
  override up(): void {
    this.addSql(`CREATE TABLE bank_accounts (
      id uuid PRIMARY KEY,
      organization_id uuid NOT NULL REFERENCES organizations(id),
      name text NOT NULL,
      account_number text,
      iban text,
      currency text NOT NULL,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      CHECK (account_number IS NOT NULL OR iban IS NOT NULL)
    )`);
    this.addSql(`CREATE INDEX bank_accounts_org_page_idx ON bank_accounts (organization_id, created_at, id)`);
    // The unique (bank_account_id, transaction_id) key is what makes a statement import idempotent:
    // concurrent imports of one statement insert with ON CONFLICT DO NOTHING against it.
    this.addSql(`CREATE TABLE payments (
      id uuid PRIMARY KEY,
      organization_id uuid NOT NULL REFERENCES organizations(id),
      bank_account_id uuid NOT NULL REFERENCES bank_accounts(id),
      transaction_id text NOT NULL,
      amount numeric(14,2) NOT NULL CHECK (amount > 0),
      currency text NOT NULL,
      direction text NOT NULL CHECK (direction IN ('IN','OUT')),
      received_at timestamptz NOT NULL,
      variable_symbol text,
      counter_account text,
      source text NOT NULL CHECK (source IN ('MANUAL_IMPORT','BANK_SYNC')),
      match_status text NOT NULL DEFAULT 'UNMATCHED' CHECK (match_status IN ('AUTO_MATCHED','MANUAL_MATCHED','UNMATCHED')),
      document_id uuid REFERENCES documents(id),
      matched_at timestamptz,
      matched_by_user_id uuid,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      CONSTRAINT payments_transaction_unique UNIQUE (bank_account_id, transaction_id),
      CONSTRAINT payments_match_has_document CHECK ((match_status = 'UNMATCHED') = (document_id IS NULL))
    )`);
    this.addSql(`CREATE INDEX payments_org_page_idx ON payments (organization_id, created_at, id)`);
    this.addSql(`CREATE INDEX payments_org_status_idx ON payments (organization_id, match_status, created_at, id)`);
    this.addSql(`CREATE INDEX payments_document_idx ON payments (document_id) WHERE document_id IS NOT NULL`);
  }
}
