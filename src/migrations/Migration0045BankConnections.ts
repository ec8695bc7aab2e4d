import { Migration } from '@mikro-orm/migrations';

/**
 * Bank connections (issue 28 points 1 and 2): a BANK account may be connected to its bank's API
 * (first provider: Fio) and synced by a job.
 * - `token` is sealed by infra.secretBox (purpose bank_access_token); `token_digest` (SHA-256 of the
 *   token) lets syncs of one token keep Fio's limit of one request per 30 s even across connections.
 * - `last_movement_id` is Fio's id of the last movement committed here; `cursor_unsure` says a call
 *   that may have moved Fio's own cursor past it did not commit, so the next sync first puts Fio's
 *   cursor back (set-last-id) before asking for movements again.
 * - `not_before`: no call to the bank before then (Fio's limit, backing off after its 409);
 *   `next_sync_at`: when the periodic job syncs it next (NULL: not by the job, e.g. a rejected token).
 */
export class Migration0045BankConnections extends Migration {
  override up(): void {
    this.addSql(`CREATE TABLE bank_connections (
      id uuid PRIMARY KEY,
      organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
      bank_account_id uuid NOT NULL UNIQUE REFERENCES bank_accounts (id) ON DELETE CASCADE,
      provider text NOT NULL CHECK (provider IN ('FIO')),
      token text NOT NULL,
      token_digest text NOT NULL,
      status text NOT NULL CHECK (status IN ('NEW', 'OK', 'ERROR', 'TOKEN_REJECTED')),
      last_sync_at timestamptz,
      last_error text,
      last_error_at timestamptz,
      failures integer NOT NULL DEFAULT 0,
      not_before timestamptz,
      next_sync_at timestamptz,
      last_movement_id text,
      cursor_unsure boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    )`);
    this.addSql(`CREATE INDEX bank_connections_token_digest ON bank_connections (token_digest)`);
    this.addSql(
      `CREATE INDEX bank_connections_next_sync ON bank_connections (next_sync_at) WHERE next_sync_at IS NOT NULL`,
    );
  }

  override down(): void {
    this.addSql(`DROP TABLE bank_connections`);
  }
}
