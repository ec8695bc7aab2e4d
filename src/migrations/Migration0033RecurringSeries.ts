import { Migration } from '@mikro-orm/migrations';

/**
 * Recurring series (issue 26 points 1–2).
 * - recurring_series: a document template (type, contact, currency, items, note, tags, due in N days,
 *   language), a schedule on Czech days (start date, every N DAY/WEEK/MONTH/YEAR, last day of the month,
 *   end date and/or count), issue+e-mail or leave a draft, status ACTIVE/PAUSED/ENDED, and where the
 *   series is: next_index (0-based occurrence) with its day next_date (null once ENDED), and the day of
 *   the last occurrence generated.
 * - recurring_occurrences: one row per (series, occurrence day), inserted first by the generator, so
 *   two workers or repeated runs make exactly one document per occurrence (the UNIQUE key, not a hope).
 * - documents.recurring_series_id: the series that generated a document (no FK: a deleted series'
 *   documents stay).
 */
export class Migration0033RecurringSeries extends Migration {
  override up(): void {
    this.addSql(`CREATE TABLE recurring_series (
      id uuid PRIMARY KEY,
      organization_id uuid NOT NULL REFERENCES organizations(id),
      name text NOT NULL,
      document_type text NOT NULL CHECK (document_type IN ('INVOICE','PROFORMA')),
      contact_id uuid NOT NULL REFERENCES contacts(id),
      currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
      items jsonb NOT NULL,
      note text,
      tags jsonb NOT NULL DEFAULT '[]',
      due_in_days integer NOT NULL CHECK (due_in_days BETWEEN 0 AND 365),
      language text CHECK (language IN ('cs','en','de')),
      start_date date NOT NULL,
      unit text NOT NULL CHECK (unit IN ('DAY','WEEK','MONTH','YEAR')),
      every integer NOT NULL CHECK (every BETWEEN 1 AND 1000),
      last_day_of_month boolean NOT NULL DEFAULT false,
      end_date date,
      count integer CHECK (count > 0),
      issue_and_send boolean NOT NULL DEFAULT false,
      status text NOT NULL CHECK (status IN ('ACTIVE','PAUSED','ENDED')),
      next_index integer NOT NULL DEFAULT 0 CHECK (next_index >= 0),
      next_date date,
      last_occurrence_date date,
      last_error text,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      CHECK ((status = 'ENDED') = (next_date IS NULL))
    )`);
    this.addSql(`CREATE INDEX recurring_series_org_page_idx ON recurring_series (organization_id, created_at, id)`);
    this.addSql(`CREATE INDEX recurring_series_due_idx ON recurring_series (next_date) WHERE status = 'ACTIVE'`);
    this.addSql(`CREATE TABLE recurring_occurrences (
      id uuid PRIMARY KEY,
      organization_id uuid NOT NULL REFERENCES organizations(id),
      series_id uuid NOT NULL REFERENCES recurring_series(id) ON DELETE CASCADE,
      occurrence_index integer NOT NULL CHECK (occurrence_index >= 0),
      occurrence_date date NOT NULL,
      document_id uuid,
      error text,
      created_at timestamptz NOT NULL,
      UNIQUE (series_id, occurrence_date)
    )`);
    this.addSql(`ALTER TABLE documents ADD COLUMN recurring_series_id uuid`);
    this.addSql(
      `CREATE INDEX documents_recurring_series_idx ON documents (recurring_series_id) WHERE recurring_series_id IS NOT NULL`,
    );
  }

  override down(): void {
    this.addSql(`ALTER TABLE documents DROP COLUMN recurring_series_id`);
    this.addSql(`DROP TABLE recurring_occurrences`);
    this.addSql(`DROP TABLE recurring_series`);
  }
}
