import { Migration } from '@mikro-orm/migrations';

/**
 * Received costs (issue 16): the costs table, contacts that are both client and supplier, and
 * payments that settle a cost instead of a document. The cost numbering series needs no schema:
 * numbering_series rows are keyed by series name ('COST').
 */
export class Migration0011Costs extends Migration {
  override up(): void {
    this.addSql(`ALTER TABLE contacts DROP CONSTRAINT contacts_type_check`);
    this.addSql(`ALTER TABLE contacts ADD CONSTRAINT contacts_type_check CHECK (type IN ('CLIENT','SUPPLIER','BOTH'))`);
    this.addSql(`CREATE TABLE costs (
      id uuid PRIMARY KEY,
      organization_id uuid NOT NULL REFERENCES organizations(id),
      number text NOT NULL,
      kind text NOT NULL CHECK (kind IN ('INVOICE','RECEIPT','OTHER')),
      status text NOT NULL CHECK (status IN ('OPEN','PAID','CANCELLED')),
      supplier_document_number text,
      supplier_id uuid NOT NULL REFERENCES contacts(id),
      supplier jsonb NOT NULL,
      variable_symbol text,
      issued_at timestamptz NOT NULL,
      taxable_supply_date timestamptz NOT NULL,
      received_at timestamptz NOT NULL,
      vat_claim_date timestamptz NOT NULL,
      due_at timestamptz NOT NULL,
      currency text NOT NULL,
      items jsonb NOT NULL,
      subtotal numeric(14,2) NOT NULL,
      vat_total numeric(14,2) NOT NULL,
      total numeric(14,2) NOT NULL,
      reverse_charge boolean NOT NULL DEFAULT false,
      tax_deductible boolean NOT NULL DEFAULT true,
      tags jsonb NOT NULL DEFAULT '[]',
      note text,
      paid_amount numeric(14,2) NOT NULL DEFAULT 0,
      paid_at timestamptz,
      cancelled_at timestamptz,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      CONSTRAINT costs_number_unique UNIQUE (organization_id, number),
      CONSTRAINT costs_kind_needs_supplier_number CHECK (kind = 'OTHER' OR supplier_document_number IS NOT NULL)
    )`);
    // The duplicate an accountant fears most: one supplier's document entered twice. Two racing
    // creates meet here, so exactly one of them commits.
    this
      .addSql(`CREATE UNIQUE INDEX costs_supplier_document_unique ON costs (organization_id, supplier_id, supplier_document_number)
      WHERE supplier_document_number IS NOT NULL`);
    this.addSql(`CREATE INDEX costs_org_page_idx ON costs (organization_id, created_at, id)`);
    this.addSql(`CREATE INDEX costs_org_claim_idx ON costs (organization_id, vat_claim_date)`);
    this.addSql(`CREATE INDEX costs_org_vs_idx ON costs (organization_id, variable_symbol) WHERE status = 'OPEN'`);
    this.addSql(`ALTER TABLE payments ADD COLUMN cost_id uuid REFERENCES costs(id)`);
    this.addSql(`ALTER TABLE payments DROP CONSTRAINT payments_match_has_document`);
    this.addSql(`ALTER TABLE payments ADD CONSTRAINT payments_match_has_target
      CHECK ((match_status = 'UNMATCHED') = (document_id IS NULL AND cost_id IS NULL) AND (document_id IS NULL OR cost_id IS NULL))`);
    this.addSql(`CREATE INDEX payments_cost_idx ON payments (cost_id) WHERE cost_id IS NOT NULL`);
  }
}
