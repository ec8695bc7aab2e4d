import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 17: the company's billing data and document look (one row per organization, the logo
 * inline), the kept PDF of each document version, and the indexes that keep every document
 * filter and the text search fast with a million documents in one company.
 */
export class Migration0012CompanyDocuments extends Migration {
  override up(): void {
    this.addSql(`CREATE TABLE company_profiles (
      organization_id uuid PRIMARY KEY REFERENCES organizations(id),
      legal_name text,
      tax_id text,
      vat_id text,
      street text,
      city text,
      zip text,
      country text,
      vat_payer boolean NOT NULL DEFAULT false,
      iban text,
      account_number text,
      email text,
      phone text,
      registry_text text,
      accent_color text NOT NULL DEFAULT '#1f4e79',
      footer_text text,
      language text NOT NULL DEFAULT 'cs',
      logo_content_type text,
      logo bytea,
      logo_sha256 text,
      updated_at timestamptz NOT NULL
    )`);
    // DUZP (datum uskutečnění zdanitelného plnění); null = the issue date.
    this.addSql(`ALTER TABLE documents ADD COLUMN taxable_supply_date timestamptz`);
    // One row per document: the PDF of its current version; a newer version overwrites it.
    this.addSql(`CREATE TABLE document_pdfs (
      document_id uuid PRIMARY KEY REFERENCES documents(id) ON DELETE CASCADE,
      organization_id uuid NOT NULL REFERENCES organizations(id),
      version text NOT NULL,
      pdf bytea NOT NULL,
      created_at timestamptz NOT NULL
    )`);
    // pg_trgm is a trusted extension (PostgreSQL 13+): the database owner may create it.
    this.addSql(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    this.addSql(`CREATE INDEX documents_number_trgm_idx ON documents USING gin (number gin_trgm_ops)`);
    this.addSql(`CREATE INDEX documents_vs_trgm_idx ON documents USING gin (variable_symbol gin_trgm_ops)`);
    this.addSql(`CREATE INDEX documents_client_trgm_idx ON documents USING gin (client_name gin_trgm_ops)`);
    // A finer sample of the searched columns: with the default (100) a client name shared by 0.1 % of
    // a million documents could look like 1 % of them, and PostgreSQL then walked the page index and
    // tested every row instead of asking the trigram index.
    for (const column of ['number', 'variable_symbol', 'client_name'])
      this.addSql(`ALTER TABLE documents ALTER COLUMN ${column} SET STATISTICS 1000`);
    // Each list filter walks its own index in page order (created_at, id) and stops after a page.
    this.addSql(`CREATE INDEX documents_org_type_page_idx ON documents (organization_id, type, created_at, id)`);
    this.addSql(`CREATE INDEX documents_org_status_page_idx ON documents (organization_id, status, created_at, id)`);
    this.addSql(`CREATE INDEX documents_contact_page_idx ON documents (contact_id, created_at, id)`);
    this.addSql(`DROP INDEX documents_contact_idx`);
    // A date range pages in issue-date order (DocumentsService.list), so its index ends with id too.
    this.addSql(`CREATE INDEX documents_org_issued_page_idx ON documents (organization_id, issued_at, id)`);
    this.addSql(`DROP INDEX documents_org_issued_idx`);
  }
}
