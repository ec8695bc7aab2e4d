import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 25 points 1 and 2. Conversion: a document made from another keeps its source
 * (source_document_id) and the source lists what was made from it (derived_document_ids, oldest
 * first). Quotes the customer answers: the statuses ACCEPTED and DECLINED, the quote's validity
 * (valid_until) and the answer as given on the public page (when, from which IP, with which note).
 */
export class Migration0028ConversionsQuotes extends Migration {
  override up(): void {
    this.addSql(`ALTER TABLE documents DROP CONSTRAINT documents_status_check`);
    this.addSql(`ALTER TABLE documents ADD CONSTRAINT documents_status_check
      CHECK (status IN ('DRAFT','ISSUED','SENT','PAID','CANCELLED','ARCHIVED','ACCEPTED','DECLINED'))`);
    this.addSql(`ALTER TABLE documents
      ADD COLUMN source_document_id uuid,
      ADD COLUMN derived_document_ids jsonb NOT NULL DEFAULT '[]',
      ADD COLUMN valid_until timestamptz,
      ADD COLUMN answered_at timestamptz,
      ADD COLUMN answered_ip text,
      ADD COLUMN answer_note text`);
    this.addSql(`CREATE INDEX documents_source_document_idx ON documents (source_document_id)
      WHERE source_document_id IS NOT NULL`);
  }

  override down(): void {
    this.addSql(`DROP INDEX documents_source_document_idx`);
    this.addSql(`ALTER TABLE documents DROP COLUMN answer_note, DROP COLUMN answered_ip, DROP COLUMN answered_at,
      DROP COLUMN valid_until, DROP COLUMN derived_document_ids, DROP COLUMN source_document_id`);
    this.addSql(`ALTER TABLE documents DROP CONSTRAINT documents_status_check`);
    this.addSql(`ALTER TABLE documents ADD CONSTRAINT documents_status_check
      CHECK (status IN ('DRAFT','ISSUED','SENT','PAID','CANCELLED','ARCHIVED'))`);
  }
}
