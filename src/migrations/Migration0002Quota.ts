import { Migration } from '@mikro-orm/migrations';

/**
 * Monthly request counters, one row per (organization, credential, UTC month). The credential is an
 * API key or an OAuth application, so credential_id has no foreign key (a deleted key's row is
 * harmless). The primary key is the conflict target of the counting upsert, and its row lock is
 * what serialises one credential's requests across processes.
 */
export class Migration0002Quota extends Migration {
  override up(): void {
    this.addSql(`CREATE TABLE quota_usage (
      organization_id uuid NOT NULL REFERENCES organizations(id),
      credential_id uuid NOT NULL,
      period date NOT NULL CHECK (extract(day FROM period) = 1),
      credential_type text NOT NULL CHECK (credential_type IN ('apiKey','oauth')),
      used bigint NOT NULL CHECK (used >= 0),
      PRIMARY KEY (organization_id, credential_id, period)
    )`);
  }
}
