import { Migration } from '@mikro-orm/migrations';

/**
 * OAuth 2.0: applications, consents (one active per application, user and organization), codes and
 * token pairs. Codes and tokens are stored as SHA-256 and found by hash; `used_at`/`rotated_at`
 * are set by single conditional UPDATEs, which is what makes codes single-use and rotation atomic.
 */
export class Migration0003OAuth extends Migration {
  override up(): void {
    this.addSql(`CREATE TABLE oauth_applications (
      id uuid PRIMARY KEY,
      organization_id uuid NOT NULL REFERENCES organizations(id),
      name text NOT NULL,
      description text NOT NULL,
      client_id text NOT NULL UNIQUE,
      client_secret_hash text,
      redirect_uris jsonb NOT NULL,
      scopes jsonb NOT NULL,
      confidential boolean NOT NULL,
      disabled boolean NOT NULL DEFAULT false,
      created_by_user_id uuid,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    )`);
    this.addSql(`CREATE INDEX oauth_applications_org_idx ON oauth_applications (organization_id, created_at, id)`);
    this.addSql(`CREATE TABLE oauth_consents (
      id uuid PRIMARY KEY,
      application_id uuid NOT NULL REFERENCES oauth_applications(id),
      user_id uuid NOT NULL REFERENCES users(id),
      organization_id uuid NOT NULL REFERENCES organizations(id),
      scopes jsonb NOT NULL,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      revoked_at timestamptz
    )`);
    this.addSql(
      `CREATE UNIQUE INDEX oauth_consents_active_uq ON oauth_consents (application_id, user_id, organization_id) WHERE revoked_at IS NULL`,
    );
    this.addSql(`CREATE INDEX oauth_consents_user_idx ON oauth_consents (user_id, organization_id, created_at, id)`);
    this.addSql(`CREATE TABLE oauth_codes (
      id uuid PRIMARY KEY,
      code_hash text NOT NULL UNIQUE,
      consent_id uuid NOT NULL REFERENCES oauth_consents(id),
      application_id uuid NOT NULL REFERENCES oauth_applications(id),
      redirect_uri text NOT NULL,
      scopes jsonb NOT NULL,
      code_challenge text,
      code_challenge_method text CHECK (code_challenge_method IN ('S256','plain')),
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL
    )`);
    this.addSql(`CREATE TABLE oauth_tokens (
      id uuid PRIMARY KEY,
      consent_id uuid NOT NULL REFERENCES oauth_consents(id),
      application_id uuid NOT NULL REFERENCES oauth_applications(id),
      access_hash text NOT NULL UNIQUE,
      refresh_hash text NOT NULL UNIQUE,
      scopes jsonb NOT NULL,
      access_expires_at timestamptz NOT NULL,
      refresh_expires_at timestamptz NOT NULL,
      rotated_at timestamptz,
      created_at timestamptz NOT NULL
    )`);
    this.addSql(`CREATE INDEX oauth_tokens_consent_idx ON oauth_tokens (consent_id)`);
    this.addSql(`CREATE INDEX oauth_codes_consent_idx ON oauth_codes (consent_id)`);
  }
}
