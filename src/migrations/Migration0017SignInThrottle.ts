import { Migration } from '@mikro-orm/migrations';

/**
 * Sign-in throttling (src/modules/identity/sign-in-throttle.ts): one counter per key (a person's
 * e-mail hash, a client address) with the start of its fixed window. Kept in PostgreSQL so every
 * process sees a failure another one counted; one upsert counts atomically under parallel requests.
 */
export class Migration0017SignInThrottle extends Migration {
  override up(): void {
    this.addSql(`CREATE TABLE sign_in_counters (
      key text PRIMARY KEY,
      window_start timestamptz NOT NULL,
      window_seconds integer NOT NULL,
      count integer NOT NULL
    )`);
    this.addSql(`CREATE INDEX sign_in_counters_window ON sign_in_counters (window_start)`);
  }

  override down(): void {
    this.addSql(`DROP TABLE sign_in_counters`);
  }
}
