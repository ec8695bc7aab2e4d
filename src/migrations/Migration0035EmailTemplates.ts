import { Migration } from '@mikro-orm/migrations';

/**
 * E-mail templates per company (issue 26 point 5): a company's own subject and body for an e-mail
 * kind in a language. No row: Faktura's default text (emailtemplates/email-templates.ts).
 */
export class Migration0035EmailTemplates extends Migration {
  override up(): void {
    this.addSql(`CREATE TABLE email_templates (
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('DOCUMENT', 'QUOTE', 'REMINDER', 'PAYMENT_THANKS', 'RECURRING')),
      language text NOT NULL CHECK (language IN ('cs', 'en', 'de')),
      subject text NOT NULL,
      body text NOT NULL,
      updated_at timestamptz NOT NULL,
      PRIMARY KEY (organization_id, kind, language)
    )`);
  }

  override down(): void {
    this.addSql(`DROP TABLE email_templates`);
  }
}
