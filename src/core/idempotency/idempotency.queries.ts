import type { EntityManager } from '@mikro-orm/postgresql';
import { query, sql } from '../db/sql';

/** The core-owned table idempotency_keys (Migration0020IdempotencyKeys). */

export interface KeyScope {
  organizationId: string;
  /** `<credential kind>:<id>`. */
  credential: string;
  key: string;
}

export interface StoredKey {
  fingerprint: string;
  state: 'running' | 'done';
  status: number | null;
  headers: Record<string, string> | null;
  body: Buffer | null;
}

/**
 * Claims the key for the request `claimId` (state running), unless a live claim or answer holds it.
 * An expired row (expires_at passed) or a claim left running since before `staleBefore` (its process
 * died) is taken over in the same statement: ON CONFLICT ... DO UPDATE locks the row, so of two
 * concurrent requests exactly one gets `true`, in one process or many.
 */
const CLAIM = sql(
  `INSERT INTO idempotency_keys AS k
     (organization_id, credential, key, fingerprint, state, claim_id, created_at, expires_at)
   VALUES (?, ?, ?, ?, 'running', ?, ?, ?)
   ON CONFLICT (organization_id, credential, key) DO UPDATE
     SET fingerprint = EXCLUDED.fingerprint, state = 'running', claim_id = EXCLUDED.claim_id, status = NULL,
         headers = NULL, body = NULL, created_at = EXCLUDED.created_at, expires_at = EXCLUDED.expires_at
     WHERE k.expires_at <= EXCLUDED.created_at OR (k.state = 'running' AND k.created_at < ?)
   RETURNING true AS claimed`,
  'idempotency_claim',
);

export async function claimKey(
  em: EntityManager,
  scope: KeyScope,
  claim: { id: string; fingerprint: string; now: Date; expiresAt: Date; staleBefore: Date },
): Promise<boolean> {
  const rows = await query<{ claimed: boolean }>(em, CLAIM, [
    scope.organizationId,
    scope.credential,
    scope.key,
    claim.fingerprint,
    claim.id,
    claim.now,
    claim.expiresAt,
    claim.staleBefore,
  ]);
  return rows.length > 0;
}

const FIND = sql(
  `SELECT fingerprint, state, status, headers, body FROM idempotency_keys
   WHERE organization_id = ? AND credential = ? AND key = ? AND expires_at > ?`,
  'idempotency_find',
);

/** The live row of the key (not expired at `now`), or null. */
export async function findKey(em: EntityManager, scope: KeyScope, now: Date): Promise<StoredKey | null> {
  const [row] = await query<StoredKey>(em, FIND, [scope.organizationId, scope.credential, scope.key, now]);
  return row ?? null;
}

const STORE = sql(
  `UPDATE idempotency_keys SET state = 'done', status = ?, headers = ?::jsonb, body = ?
   WHERE organization_id = ? AND credential = ? AND key = ? AND claim_id = ?`,
  'idempotency_store',
);

/** Stores the answer of the claim `claimId` (a claim taken over meanwhile is left alone). */
export async function storeAnswer(
  em: EntityManager,
  scope: KeyScope,
  claimId: string,
  answer: { status: number; headers: Record<string, string>; body: Buffer | null },
): Promise<void> {
  await query(em, STORE, [
    answer.status,
    JSON.stringify(answer.headers),
    answer.body,
    scope.organizationId,
    scope.credential,
    scope.key,
    claimId,
  ]);
}

const RELEASE = sql(
  `DELETE FROM idempotency_keys WHERE organization_id = ? AND credential = ? AND key = ? AND claim_id = ?
     AND state = 'running'`,
  'idempotency_release',
);

/** Frees the key of the claim `claimId`: its request failed (5xx) or its answer is not kept. */
export async function releaseKey(em: EntityManager, scope: KeyScope, claimId: string): Promise<void> {
  await query(em, RELEASE, [scope.organizationId, scope.credential, scope.key, claimId]);
}

/** Deletes up to `limit` keys expired at `now`; answers how many went. */
export async function deleteExpiredKeys(em: EntityManager, now: Date, limit: number): Promise<number> {
  const rows = await query<{ n: number }>(
    em,
    `WITH gone AS (
       DELETE FROM idempotency_keys WHERE ctid IN (SELECT ctid FROM idempotency_keys WHERE expires_at <= ? LIMIT ?)
       RETURNING 1)
     SELECT count(*)::int AS n FROM gone`,
    [now, limit],
  );
  return rows[0].n;
}
