import { Migration } from '@mikro-orm/migrations';

/**
 * Versioned documents (issue 24): each document carries the number of its current content version
 * (1 from issue on); document_versions keeps every version once the content of an issued document
 * changes (the first change writes version 1, as issued, beside version 2). A company may lock
 * issued documents against editing (company_profiles.lock_issued_documents).
 */
export class Migration0023DocumentVersions extends Migration {
  override up(): void {
    this.addSql(`ALTER TABLE documents ADD COLUMN version integer NOT NULL DEFAULT 1`);
    this.addSql(`CREATE TABLE document_versions (
      id uuid PRIMARY KEY,
      organization_id uuid NOT NULL REFERENCES organizations(id),
      document_id uuid NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
      version integer NOT NULL CHECK (version > 0),
      user_id uuid,
      content jsonb NOT NULL,
      at timestamptz NOT NULL,
      CONSTRAINT document_versions_document_version_key UNIQUE (document_id, version)
    )`);
    this.addSql(`ALTER TABLE company_profiles ADD COLUMN lock_issued_documents boolean NOT NULL DEFAULT false`);
  }

  override down(): void {
    this.addSql(`ALTER TABLE company_profiles DROP COLUMN lock_issued_documents`);
    this.addSql(`DROP TABLE document_versions`);
    this.addSql(`ALTER TABLE documents DROP COLUMN version`);
  }
}
