import type { EntityManager, Knex } from '@mikro-orm/postgresql';
import { query, queryOn, sql } from '../db/sql';

/** The core-owned table idempotency_keys (Migration0020IdempotencyKeys). */

export interface KeyScope {
  organizationId: string;
  /** `<credential kind>:<id>`. */
  credential: string;
  key: string;
}

export interface StoredKey {
  fingerprint: string;
  /** running: the first request runs; committed: it has committed a change, its answer not yet stored; done: answered. */
  state: 'running' | 'committed' | 'done';
  /** The holder of a running or committed claim still lives (its lock is held and the claim is not stale). */
  live: boolean;
  status: number | null;
  headers: Record<string, string> | null;
  body: Buffer | null;
}

/** The claim's (`k`'s) holder still holds its advisory lock (claim-holder.ts). */
const HOLDER_ALIVE = `EXISTS (
  SELECT 1 FROM pg_locks l
  WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 1
    AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
    AND ((l.classid::bigint << 32) | l.objid::bigint) = k.holder)`;

/**
 * Claims the key for the request `claimId` (state running), unless a live claim or answer holds it.
 * Taken over in the same statement: an expired row (expires_at passed), or a claim left running by a
 * process that died before its request committed anything (a committed one is never run again), known by its holder's advisory lock being gone (claim-holder.ts) or, for a
 * process that vanished without its connection closing, by being older than `staleBefore`.
 * ON CONFLICT ... DO UPDATE locks the row, so of two concurrent requests exactly one gets `true`, in
 * one process or many. pg_locks is read only on a conflict with a running claim.
 */
const CLAIM = sql(
  `INSERT INTO idempotency_keys AS k
     (organization_id, credential, key, fingerprint, state, claim_id, holder, created_at, expires_at)
   VALUES (?, ?, ?, ?, 'running', ?, ?, ?, ?)
   ON CONFLICT (organization_id, credential, key) DO UPDATE
     SET fingerprint = EXCLUDED.fingerprint, state = 'running', claim_id = EXCLUDED.claim_id, holder = EXCLUDED.holder,
         status = NULL, headers = NULL, body = NULL, created_at = EXCLUDED.created_at, expires_at = EXCLUDED.expires_at
     WHERE k.expires_at <= EXCLUDED.created_at
        OR (k.state = 'running' AND k.created_at < ?)
        OR (k.state = 'running' AND k.holder IS NOT NULL AND NOT ${HOLDER_ALIVE})
   RETURNING true AS claimed`,
  'idempotency_claim',
);

export async function claimKey(
  em: EntityManager,
  scope: KeyScope,
  claim: { id: string; holder: string | null; fingerprint: string; now: Date; expiresAt: Date; staleBefore: Date },
): Promise<boolean> {
  const rows = await query<{ claimed: boolean }>(em, CLAIM, [
    scope.organizationId,
    scope.credential,
    scope.key,
    claim.fingerprint,
    claim.id,
    claim.holder,
    claim.now,
    claim.expiresAt,
    claim.staleBefore,
  ]);
  return rows.length > 0;
}

/** The claim holder's lock (claim-holder.ts): taken on its own connection, held while it lives. */
export const TAKE_HOLDER_LOCK = 'SELECT pg_advisory_lock($1::bigint)';

const FIND = sql(
  `SELECT fingerprint, state, status, headers, body,
          state <> 'done' AND k.created_at >= ? AND (k.holder IS NULL OR ${HOLDER_ALIVE}) AS live
   FROM idempotency_keys k
   WHERE organization_id = ? AND credential = ? AND key = ? AND expires_at > ?`,
  'idempotency_find',
);

/** The row of the key (not expired at `now`), or null; a claim older than `staleBefore` is not live. */
export async function findKey(
  em: EntityManager,
  scope: KeyScope,
  now: Date,
  staleBefore: Date,
): Promise<StoredKey | null> {
  const [row] = await query<StoredKey>(em, FIND, [staleBefore, scope.organizationId, scope.credential, scope.key, now]);
  return row ?? null;
}

const MARK_COMMITTED = sql(
  `UPDATE idempotency_keys SET state = 'committed'
   WHERE organization_id = ? AND credential = ? AND key = ? AND claim_id = ? AND state = 'running'`,
  'idempotency_mark_committed',
);

/**
 * Marks the claim `claimId` committed inside `transaction`, a transaction of its request about to
 * commit: from then on the request is never run again for its key, even if its process dies before
 * storing the answer.
 */
export async function markCommitted(transaction: Knex, scope: KeyScope, claimId: string): Promise<void> {
  await queryOn(transaction, MARK_COMMITTED, [scope.organizationId, scope.credential, scope.key, claimId]);
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
     AND state <> 'done'`,
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
