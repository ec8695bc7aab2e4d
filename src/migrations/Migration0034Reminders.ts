import { Migration } from '@mikro-orm/migrations';

/**
 * Reminders (issue 26 point 3): a company's reminder steps (days relative to the due date, active
 * or not), the reminders sent (one per document and step: the row is inserted before the e-mail is
 * queued, in the same transaction) and the documents whose reminders are switched off.
 * reminders_sent keeps the step's days: a step changed or removed later still counts as sent.
 */
export class Migration0034Reminders extends Migration {
  override up(): void {
    this.addSql(`CREATE TABLE reminder_steps (
      id uuid PRIMARY KEY,
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      days integer NOT NULL CHECK (days BETWEEN -365 AND 365),
      active boolean NOT NULL DEFAULT true,
      UNIQUE (organization_id, days)
    )`);
    this.addSql(`CREATE TABLE reminders_sent (
      id uuid PRIMARY KEY,
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      document_id uuid NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
      step_id uuid NOT NULL,
      days integer NOT NULL,
      sent_at timestamptz NOT NULL,
      UNIQUE (document_id, step_id)
    )`);
    this.addSql(`CREATE TABLE reminders_off (
      document_id uuid PRIMARY KEY REFERENCES documents(id) ON DELETE CASCADE,
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      switched_off_at timestamptz NOT NULL
    )`);
  }

  override down(): void {
    this.addSql('DROP TABLE reminders_off');
    this.addSql('DROP TABLE reminders_sent');
    this.addSql('DROP TABLE reminder_steps');
  }
}
