import { Migration } from '@mikro-orm/migrations';

/**
 * Idempotency-Key on the general API (issue 24, point 1): a core-owned table of the keys clients
 * sent with a POST, PUT, PATCH or DELETE under /api/v1 or a POST to /graphql. A key is scoped to
 * (organization, credential, key): `credential` is `<kind>:<id>` (the API key, the OAuth
 * application, the session's user). `state` is `running` while the first request runs (the claim,
 * `claim_id` naming the request holding it),
 * `done` once its answer (status, the headers that matter, body) is stored. Rows expire 24 hours
 * after the first request (`expires_at`, by the Clock); the purge deletes them by that index.
 */
export class Migration0020IdempotencyKeys extends Migration {
  override up(): void {
    this.addSql(`CREATE TABLE idempotency_keys (
      organization_id uuid NOT NULL,
      credential text NOT NULL,
      key text NOT NULL CHECK (length(key) BETWEEN 1 AND 255),
      fingerprint text NOT NULL,
      state text NOT NULL CHECK (state IN ('running', 'done')),
      claim_id uuid NOT NULL,
      status int,
      headers jsonb,
      body bytea,
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      PRIMARY KEY (organization_id, credential, key)
    )`);
    this.addSql(`CREATE INDEX idempotency_keys_expires_at ON idempotency_keys (expires_at)`);
  }

  override down(): void {
    this.addSql(`DROP TABLE idempotency_keys`);
  }
}
