import type { EntityManager } from '@mikro-orm/postgresql';
import { query, sql } from '../../core/db/sql';

// Two-factor login's statements (tables of Migration0018TwoFactor). Codes and challenges are claimed
// by single conditional statements: that is what makes each usable once under concurrency.

export interface TwoFactorRow {
  secret_sealed: string;
  enabled_at: Date | null;
}

export async function twoFactorOf(em: EntityManager, userId: string): Promise<TwoFactorRow | null> {
  const rows = await query<TwoFactorRow>(
    em,
    sql(`SELECT secret_sealed, enabled_at FROM user_two_factor WHERE user_id = ?`, 'identity_two_factor_of'),
    [userId],
  );
  return rows[0] ?? null;
}

/** A new pending secret (setup), replacing a pending one; never an enabled one. Returns whether it was stored. */
export async function storePendingSecret(
  em: EntityManager,
  userId: string,
  secretSealed: string,
  now: Date,
): Promise<boolean> {
  const rows = await query(
    em,
    `INSERT INTO user_two_factor (user_id, secret_sealed, enabled_at, last_used_step, created_at)
     VALUES (?, ?, NULL, NULL, ?)
     ON CONFLICT (user_id) DO UPDATE SET secret_sealed = excluded.secret_sealed, last_used_step = NULL,
       created_at = excluded.created_at
     WHERE user_two_factor.enabled_at IS NULL
     RETURNING user_id`,
    [userId, secretSealed, now],
  );
  return rows.length === 1;
}

/** Accepts a code's time step once: only when newer than every step accepted before. */
export async function claimTimeStep(em: EntityManager, userId: string, step: number): Promise<boolean> {
  const rows = await query(
    em,
    `UPDATE user_two_factor SET last_used_step = ?
     WHERE user_id = ? AND (last_used_step IS NULL OR last_used_step < ?) RETURNING user_id`,
    [step, userId, step],
  );
  return rows.length === 1;
}

/** Confirms a pending setup; false when it was not pending (enabled meanwhile, or gone). */
export async function markEnabled(em: EntityManager, userId: string, now: Date): Promise<boolean> {
  const rows = await query(
    em,
    `UPDATE user_two_factor SET enabled_at = ? WHERE user_id = ? AND enabled_at IS NULL RETURNING user_id`,
    [now, userId],
  );
  return rows.length === 1;
}

export async function replaceRecoveryCodes(
  em: EntityManager,
  userId: string,
  codes: { id: string; hash: string }[],
  now: Date,
): Promise<void> {
  await query(em, `DELETE FROM two_factor_recovery_codes WHERE user_id = ?`, [userId]);
  await query(
    em,
    `INSERT INTO two_factor_recovery_codes (id, user_id, code_hash, used_at, created_at)
     SELECT id, ?, hash, NULL, ? FROM unnest(?::uuid[], ?::text[]) AS c (id, hash)`,
    [userId, now, codes.map((c) => c.id), codes.map((c) => c.hash)],
  );
}

/** Uses a recovery code once: true when it was the person's and unused. */
export async function claimRecoveryCode(em: EntityManager, userId: string, hash: string, now: Date): Promise<boolean> {
  const rows = await query(
    em,
    `UPDATE two_factor_recovery_codes SET used_at = ? WHERE user_id = ? AND code_hash = ? AND used_at IS NULL
     RETURNING id`,
    [now, userId, hash],
  );
  return rows.length === 1;
}

export async function recoveryCodesLeft(em: EntityManager, userId: string): Promise<number> {
  const rows = await query<{ n: number }>(
    em,
    `SELECT count(*)::int AS n FROM two_factor_recovery_codes WHERE user_id = ? AND used_at IS NULL`,
    [userId],
  );
  return rows[0].n;
}

/** Turns two-factor login off: the secret and the recovery codes go. */
export async function removeTwoFactor(em: EntityManager, userId: string): Promise<void> {
  await query(em, `DELETE FROM two_factor_recovery_codes WHERE user_id = ?`, [userId]);
  await query(em, `DELETE FROM user_two_factor WHERE user_id = ?`, [userId]);
}

export async function insertChallenge(
  em: EntityManager,
  tokenHash: string,
  userId: string,
  now: Date,
  expiresAt: Date,
): Promise<void> {
  // Expired challenges of anyone go first (indexed by expiry): the table holds only live ones.
  await query(em, `DELETE FROM two_factor_challenges WHERE expires_at <= ?`, [now]);
  await query(
    em,
    `INSERT INTO two_factor_challenges (token_hash, user_id, failed_attempts, expires_at, created_at)
     VALUES (?, ?, 0, ?, ?)`,
    [tokenHash, userId, expiresAt, now],
  );
}

export interface ChallengeRow {
  user_id: string;
  email: string;
  failed_attempts: number;
}

/** A live challenge, locked until the transaction ends: a second use of the same token waits, then finds it gone. */
export async function lockChallenge(em: EntityManager, tokenHash: string, now: Date): Promise<ChallengeRow | null> {
  const rows = await query<ChallengeRow>(
    em,
    `SELECT c.user_id, u.email, c.failed_attempts FROM two_factor_challenges c JOIN users u ON u.id = c.user_id
     WHERE c.token_hash = ? AND c.expires_at > ? FOR UPDATE OF c`,
    [tokenHash, now],
  );
  return rows[0] ?? null;
}

export async function deleteChallenge(em: EntityManager, tokenHash: string): Promise<void> {
  await query(em, `DELETE FROM two_factor_challenges WHERE token_hash = ?`, [tokenHash]);
}

export async function countFailedChallengeAttempt(em: EntityManager, tokenHash: string): Promise<void> {
  await query(em, `UPDATE two_factor_challenges SET failed_attempts = failed_attempts + 1 WHERE token_hash = ?`, [
    tokenHash,
  ]);
}

export async function organizationIdsOf(em: EntityManager, userId: string): Promise<string[]> {
  const rows = await query<{ organization_id: string }>(
    em,
    `SELECT organization_id FROM memberships WHERE user_id = ? ORDER BY created_at`,
    [userId],
  );
  return rows.map((r) => r.organization_id);
}

export async function requiresTwoFactor(em: EntityManager, organizationId: string): Promise<boolean> {
  const rows = await query<{ require_two_factor: boolean }>(
    em,
    `SELECT require_two_factor FROM organizations WHERE id = ?`,
    [organizationId],
  );
  return rows[0]?.require_two_factor ?? false;
}

export async function setRequiresTwoFactor(
  em: EntityManager,
  organizationId: string,
  required: boolean,
): Promise<void> {
  await query(em, `UPDATE organizations SET require_two_factor = ? WHERE id = ?`, [required, organizationId]);
}
