import { Migration } from '@mikro-orm/migrations';

/**
 * Bulk exports as jobs (issue 27 point 4), the exports module:
 * - exports: one export of a list (resource, format, the list's filters, the columns, the CSV options),
 *   the scope it was asked in (the caller's departments), where its job is (status, attempts, rows done
 *   of the total, heartbeat of the worker running it) and its file's size once DONE.
 * - export_chunks: the file, in pieces of about 1 MB written one by one while the job runs and read
 *   back one by one on download (any process of the service serves it).
 * Finished exports are deleted after 7 days by exports.retention (chunks first, in batches).
 */
export class Migration0040Exports extends Migration {
  override up(): void {
    this.addSql(`CREATE TABLE exports (
      id uuid PRIMARY KEY,
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      created_by_user_id uuid,
      resource text NOT NULL CHECK (resource IN ('documents', 'costs', 'payments', 'contacts', 'products')),
      format text NOT NULL CHECK (format IN ('csv', 'xlsx', 'isdoc-zip', 'pdf-zip')),
      filters jsonb NOT NULL,
      columns jsonb NOT NULL,
      separator text NOT NULL CHECK (separator IN (',', ';')),
      decimal_comma boolean NOT NULL,
      department_ids jsonb,
      status text NOT NULL CHECK (status IN ('QUEUED', 'RUNNING', 'DONE', 'FAILED')),
      attempts integer NOT NULL DEFAULT 0,
      rows_done integer NOT NULL DEFAULT 0,
      rows_total integer,
      size_bytes bigint,
      error text,
      heartbeat_at timestamptz,
      created_at timestamptz NOT NULL,
      started_at timestamptz,
      finished_at timestamptz
    )`);
    this.addSql(`CREATE INDEX exports_organization ON exports (organization_id, created_at DESC, id DESC)`);
    this.addSql(`CREATE INDEX exports_unfinished ON exports (organization_id) WHERE status IN ('QUEUED', 'RUNNING')`);
    this.addSql(`CREATE INDEX exports_finished ON exports (finished_at) WHERE finished_at IS NOT NULL`);
    this.addSql(`CREATE TABLE export_chunks (
      export_id uuid NOT NULL REFERENCES exports(id) ON DELETE CASCADE,
      seq integer NOT NULL,
      data bytea NOT NULL,
      PRIMARY KEY (export_id, seq)
    )`);
  }

  override down(): void {
    this.addSql(`DROP TABLE export_chunks`);
    this.addSql(`DROP TABLE exports`);
  }
}
