import { Migration } from '@mikro-orm/migrations';

/**
 * Proformas settled by advances (issue 25 point 3): an ADVANCE_TAX_DOCUMENT (daňový doklad k přijaté
 * platbě) and a proforma's final INVOICE point at their proforma (proforma_id, and its number as
 * printed); a proforma lists its advance tax documents (advance_documents: id, number, amount,
 * paymentId, oldest first) and its final invoice (final_invoice_id); a final invoice lists the
 * advances it settles (settled_advances). One final invoice per proforma (the unique index).
 */
const TYPES = `'INVOICE','PROFORMA','QUOTE','ORDER','DELIVERY_NOTE','CREDIT_NOTE'`;

export class Migration0029Advances extends Migration {
  override up(): void {
    this.addSql(`ALTER TABLE documents DROP CONSTRAINT documents_type_check,
      ADD CONSTRAINT documents_type_check CHECK (type IN (${TYPES},'ADVANCE_TAX_DOCUMENT'))`);
    this.addSql(`ALTER TABLE documents
      ADD COLUMN proforma_id uuid,
      ADD COLUMN proforma_number text,
      ADD COLUMN advance_documents jsonb NOT NULL DEFAULT '[]',
      ADD COLUMN final_invoice_id uuid,
      ADD COLUMN settled_advances jsonb NOT NULL DEFAULT '[]'`);
    this.addSql(`CREATE UNIQUE INDEX documents_final_invoice_of_proforma_idx ON documents (proforma_id)
      WHERE type = 'INVOICE' AND proforma_id IS NOT NULL`);
  }

  override down(): void {
    this.addSql(`DROP INDEX documents_final_invoice_of_proforma_idx`);
    this.addSql(`ALTER TABLE documents DROP COLUMN settled_advances, DROP COLUMN final_invoice_id,
      DROP COLUMN advance_documents, DROP COLUMN proforma_number, DROP COLUMN proforma_id`);
    this.addSql(`DELETE FROM documents WHERE type = 'ADVANCE_TAX_DOCUMENT'`);
    this.addSql(`ALTER TABLE documents DROP CONSTRAINT documents_type_check,
      ADD CONSTRAINT documents_type_check CHECK (type IN (${TYPES}))`);
  }
}
