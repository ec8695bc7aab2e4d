import { Migration } from '@mikro-orm/migrations';

/**
 * E-mails about documents through the company's templates (issue 26 points 3–5):
 * - email_templates gets a reminder step: a company's wording of the REMINDER of one step (its days
 *   relative to the due date); null is the general wording of its kind. One row per (company, kind,
 *   language, step), null steps equal.
 * - email_settings (emailtemplates module): per company whether a payment's thanks are e-mailed.
 * - document_emails (documents module): each e-mail about a document (id: its outbound_email id), its
 *   kind and, for a reminder, its step; sent_at once the mail server accepted it. The record of a
 *   document lists its reminders from it; a document is thanked for its payment once (unique).
 */
export class Migration0037DocumentEmails extends Migration {
  override up(): void {
    this.addSql(`ALTER TABLE email_templates
      ADD COLUMN step integer CHECK (step IS NULL OR (kind = 'REMINDER' AND step BETWEEN -365 AND 365))`);
    this.addSql(`ALTER TABLE email_templates DROP CONSTRAINT email_templates_pkey`);
    this.addSql(`ALTER TABLE email_templates ADD CONSTRAINT email_templates_key
      UNIQUE NULLS NOT DISTINCT (organization_id, kind, language, step)`);
    this.addSql(`CREATE TABLE email_settings (
      organization_id uuid PRIMARY KEY REFERENCES organizations(id) ON DELETE CASCADE,
      payment_thanks boolean NOT NULL DEFAULT false,
      updated_at timestamptz NOT NULL
    )`);
    this.addSql(`CREATE TABLE document_emails (
      id uuid PRIMARY KEY,
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      document_id uuid NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
      email_type text NOT NULL CHECK (email_type IN ('DOCUMENT', 'QUOTE', 'REMINDER', 'PAYMENT_THANKS', 'RECURRING')),
      step integer,
      recipient text NOT NULL,
      queued_at timestamptz NOT NULL,
      sent_at timestamptz
    )`);
    this.addSql(`CREATE INDEX document_emails_document ON document_emails (document_id, email_type, sent_at DESC)`);
    this.addSql(`CREATE UNIQUE INDEX document_emails_thanks ON document_emails (document_id)
      WHERE email_type = 'PAYMENT_THANKS'`);
  }

  override down(): void {
    this.addSql(`DROP TABLE document_emails`);
    this.addSql(`DROP TABLE email_settings`);
    this.addSql(`DELETE FROM email_templates WHERE step IS NOT NULL`);
    this.addSql(`ALTER TABLE email_templates DROP CONSTRAINT email_templates_key`);
    this.addSql(`ALTER TABLE email_templates DROP COLUMN step`);
    this.addSql(`ALTER TABLE email_templates ADD PRIMARY KEY (organization_id, kind, language)`);
  }
}
