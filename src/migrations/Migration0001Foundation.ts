import { Migration } from '@mikro-orm/migrations';

export class Migration0001Foundation extends Migration {
  override up(): void {
    this.addSql(`CREATE TABLE app_secrets (
      name text PRIMARY KEY,
      value text NOT NULL,
      created_at timestamptz NOT NULL
    )`);
    this.addSql(`CREATE TABLE organizations (
      id uuid PRIMARY KEY,
      name text NOT NULL,
      plan text NOT NULL DEFAULT 'FREE' CHECK (plan IN ('FREE','BASIC','PRO','AI')),
      created_at timestamptz NOT NULL
    )`);
    this.addSql(`CREATE TABLE users (
      id uuid PRIMARY KEY,
      email text NOT NULL UNIQUE,
      password_hash text NOT NULL,
      created_at timestamptz NOT NULL
    )`);
    this.addSql(`CREATE TABLE departments (
      id uuid PRIMARY KEY,
      organization_id uuid NOT NULL REFERENCES organizations(id),
      name text NOT NULL,
      created_at timestamptz NOT NULL
    )`);
    this.addSql(`CREATE INDEX departments_org_idx ON departments (organization_id)`);
    this.addSql(`CREATE TABLE memberships (
      id uuid PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users(id),
      organization_id uuid NOT NULL REFERENCES organizations(id),
      role text NOT NULL CHECK (role IN ('OWNER','ADMIN','MEMBER')),
      permissions jsonb NOT NULL DEFAULT '{}',
      department_ids jsonb,
      created_at timestamptz NOT NULL,
      UNIQUE (user_id, organization_id)
    )`);
    this.addSql(`CREATE INDEX memberships_org_idx ON memberships (organization_id)`);
    this.addSql(`CREATE TABLE api_keys (
      id uuid PRIMARY KEY,
      organization_id uuid NOT NULL REFERENCES organizations(id),
      name text NOT NULL,
      key_hash text NOT NULL UNIQUE,
      redacted text NOT NULL,
      created_by_user_id uuid,
      created_at timestamptz NOT NULL
    )`);
    this.addSql(`CREATE INDEX api_keys_org_idx ON api_keys (organization_id, created_at)`);
    this.addSql(`CREATE TABLE event_outbox (
      seq bigserial PRIMARY KEY,
      event text NOT NULL,
      organization_id uuid NOT NULL,
      data jsonb NOT NULL,
      created_at timestamptz NOT NULL,
      dispatched_at timestamptz
    )`);
    this.addSql(`CREATE INDEX event_outbox_pending_idx ON event_outbox (seq) WHERE dispatched_at IS NULL`);
    this.addSql(`CREATE INDEX event_outbox_org_idx ON event_outbox (organization_id, seq)`);
  }
}
