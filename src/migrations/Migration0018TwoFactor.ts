import { Migration } from '@mikro-orm/migrations';

/**
 * Two-factor login (issue 23 point 3). `user_two_factor`: a person's TOTP secret, sealed with the
 * master key (SecretBox, purpose `totp_secret`); `enabled_at` null = set up but not yet confirmed;
 * `last_used_step` is the newest time step a code was accepted for, raised by one conditional UPDATE
 * so a code works once. Recovery codes are stored as SHA-256 (they are random) and used once
 * (`used_at`). A login's second step is a `two_factor_challenges` row found by the SHA-256 of its
 * `fkm_` token, deleted when used, dead after `expires_at`. An organization may require 2FA of
 * every member (`organizations.require_two_factor`, read by the session lookup).
 */
export class Migration0018TwoFactor extends Migration {
  override up(): void {
    this.addSql(`ALTER TABLE organizations ADD COLUMN require_two_factor boolean NOT NULL DEFAULT false`);
    this.addSql(`CREATE TABLE user_two_factor (
      user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
      secret_sealed text NOT NULL,
      enabled_at timestamptz,
      last_used_step bigint,
      created_at timestamptz NOT NULL
    )`);
    this.addSql(`CREATE TABLE two_factor_recovery_codes (
      id uuid PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      code_hash text NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL
    )`);
    this.addSql(
      `CREATE UNIQUE INDEX two_factor_recovery_codes_user_hash ON two_factor_recovery_codes (user_id, code_hash)`,
    );
    this.addSql(`CREATE TABLE two_factor_challenges (
      token_hash text PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      failed_attempts integer NOT NULL DEFAULT 0,
      expires_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL
    )`);
    this.addSql(`CREATE INDEX two_factor_challenges_expiry ON two_factor_challenges (expires_at)`);
  }

  override down(): void {
    this.addSql(`DROP TABLE two_factor_challenges`);
    this.addSql(`DROP TABLE two_factor_recovery_codes`);
    this.addSql(`DROP TABLE user_two_factor`);
    this.addSql(`ALTER TABLE organizations DROP COLUMN require_two_factor`);
  }
}
