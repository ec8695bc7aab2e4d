import { Migration } from '@mikro-orm/migrations';

/**
 * The costs inbox (issue 29), the inbox module:
 * - inbox_items: one received file (uploaded; a future per-company inbox e-mail address adds source
 *   EMAIL) and where its extraction is: QUEUED → PROCESSING → EXTRACTED | FAILED, then CONFIRMED into
 *   a cost. The extracted fields with their confidences, the matched supplier contact and the
 *   duplicate cost are the draft cost; no cost row exists before confirm. `attempts` and `claimed_at`
 *   make the job's claim race-free (a PROCESSING item silent for too long is requeued by inbox.recover).
 * - inbox_item_files: the file's bytes, apart so lists never read them; deleted with the item, and
 *   by inbox.retention once the item is CONFIRMED (the cost keeps the file as its attachment).
 */
export class Migration0048InboxItems extends Migration {
  override up(): void {
    this.addSql(`CREATE TABLE inbox_items (
      id uuid PRIMARY KEY,
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      source text NOT NULL CHECK (source IN ('UPLOAD')),
      created_by_user_id uuid,
      status text NOT NULL CHECK (status IN ('QUEUED', 'PROCESSING', 'EXTRACTED', 'FAILED', 'CONFIRMED')),
      filename text NOT NULL,
      content_type text NOT NULL,
      size integer NOT NULL CHECK (size >= 0),
      pages integer,
      method text CHECK (method IN ('ISDOC', 'TEXT', 'OCR')),
      engine text,
      failure_reason text,
      fields jsonb,
      supplier_contact_id uuid,
      duplicate_cost_id uuid,
      cost_id uuid,
      attempts integer NOT NULL DEFAULT 0,
      claimed_at timestamptz,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      processed_at timestamptz,
      confirmed_at timestamptz
    )`);
    this.addSql(`CREATE INDEX inbox_items_organization ON inbox_items (organization_id, created_at DESC, id DESC)`);
    this.addSql(
      `CREATE INDEX inbox_items_unfinished ON inbox_items (created_at) WHERE status IN ('QUEUED', 'PROCESSING')`,
    );
    this.addSql(`CREATE INDEX inbox_items_confirmed ON inbox_items (confirmed_at) WHERE status = 'CONFIRMED'`);
    this.addSql(`CREATE TABLE inbox_item_files (
      item_id uuid PRIMARY KEY REFERENCES inbox_items(id) ON DELETE CASCADE,
      content bytea NOT NULL
    )`);
  }

  override down(): void {
    this.addSql(`DROP TABLE inbox_item_files`);
    this.addSql(`DROP TABLE inbox_items`);
  }
}
