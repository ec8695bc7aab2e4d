import { Migration } from '@mikro-orm/migrations';

/**
 * Server-side sessions (issue 23): a session is a row that logout, password change and user removal
 * end at once. The bearer token (`fks_` + 64 hex) is stored only as its SHA-256 and looked up by it;
 * `(user_id, created_at, id)` serves the person's list and ending all of a person's sessions.
 * Ended and expired rows are pruned when the person next logs in.
 */
export class Migration0016Sessions extends Migration {
  override up(): void {
    this.addSql(`CREATE TABLE sessions (
      id uuid PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      token_hash text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      last_seen_at timestamptz NOT NULL,
      ip text NOT NULL,
      user_agent text NOT NULL,
      ended_at timestamptz
    )`);
    this.addSql(`CREATE INDEX sessions_user_idx ON sessions (user_id, created_at, id)`);
  }

  override down(): void {
    this.addSql(`DROP TABLE sessions`);
  }
}
