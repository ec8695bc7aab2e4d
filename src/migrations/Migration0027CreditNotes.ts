import { Migration } from '@mikro-orm/migrations';

/**
 * Corrective tax documents (issue 25, § 45 ZDPH): a credit note keeps the number of the document it
 * corrects (printed on it), and a corrected document keeps the signed sum of its credit notes
 * (credited_amount), which its remaining amount follows, and the list of them (credit_notes: id
 * and number, oldest first). All are filled for the credit notes registers issued before.
 */
export class Migration0027CreditNotes extends Migration {
  override up(): void {
    this.addSql(`ALTER TABLE documents
      ADD COLUMN corrected_document_number text,
      ADD COLUMN credited_amount numeric(14,2) NOT NULL DEFAULT 0,
      ADD COLUMN credit_notes jsonb NOT NULL DEFAULT '[]'`);
    this.addSql(`UPDATE documents c SET corrected_document_number = o.number
      FROM documents o WHERE o.id = c.corrected_document_id`);
    this.addSql(`UPDATE documents o SET credited_amount = s.total, credit_notes = s.notes
      FROM (SELECT corrected_document_id AS id, SUM(total) AS total,
                   jsonb_agg(jsonb_build_object('id', id, 'number', number) ORDER BY issued_at, number) AS notes
              FROM documents WHERE corrected_document_id IS NOT NULL GROUP BY 1) s
      WHERE o.id = s.id`);
    this.addSql(`CREATE INDEX documents_corrected_document_idx ON documents (corrected_document_id)
      WHERE corrected_document_id IS NOT NULL`);
  }

  override down(): void {
    this.addSql(`DROP INDEX documents_corrected_document_idx`);
    this.addSql(
      `ALTER TABLE documents DROP COLUMN credit_notes, DROP COLUMN credited_amount, DROP COLUMN corrected_document_number`,
    );
  }
}
