import { Migration } from '@mikro-orm/migrations';

/**
 * Monthly request counters per (organization, credential, UTC month). The credential is an API key
 * or an OAuth application, so credential_id has no foreign key (a deleted key's row is harmless).
 * A limited plan counts in shard 0 only, one row that serialises its credential's requests; an
 * unlimited plan has no limit to guard and spreads its writes over shards so that a busy integration
 * has no single hot row. The month's total is the sum over shards.
 */
export class Migration0002Quota extends Migration {
  override async up(): Promise<void> {
    this.addSql(`CREATE TABLE quota_usage (
      organization_id uuid NOT NULL REFERENCES organizations(id),
      credential_id uuid NOT NULL,
      period date NOT NULL CHECK (extract(day FROM period) = 1),
      shard smallint NOT NULL DEFAULT 0 CHECK (shard >= 0 AND shard < 16),
      credential_type text NOT NULL CHECK (credential_type IN ('apiKey','oauth')),
      used bigint NOT NULL CHECK (used >= 0),
      PRIMARY KEY (organization_id, credential_id, period, shard)
    )`);
  }
}
