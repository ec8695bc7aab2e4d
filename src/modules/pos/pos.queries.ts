import type { EntityManager } from '@mikro-orm/postgresql';
import { query, sql, type Statement } from '../../core/db/sql';

/** A register found by its token: the device and its organization. */
export interface DeviceRow {
  id: string;
  organization_id: string;
  name: string;
  plan: string;
  last_used_at: Date | null;
}

/** Named: it runs before every register request, and planning it cost about as much as running it. */
const DEVICE_BY_TOKEN = sql(
  `SELECT d.id, o.id AS organization_id, o.name, o.plan, d.last_used_at
     FROM pos_devices d JOIN organizations o ON o.id = d.organization_id
    WHERE d.token_hash = ? AND d.revoked_at IS NULL`,
  'pos_device_by_token',
);

/** The register whose token has this SHA-256 and is not revoked, with its organization; null otherwise. */
export async function deviceByTokenHash(em: EntityManager, tokenHash: string): Promise<DeviceRow | null> {
  const [row] = await query<DeviceRow>(em, DEVICE_BY_TOKEN, [tokenHash]);
  return row ?? null;
}

/**
 * Takes the transaction-scoped advisory locks of these names, each once and in one fixed order, so
 * two transactions taking several (a batch and another batch, or single calls) cannot deadlock.
 */
const LOCK_NAMES = sql(
  `SELECT count(pg_advisory_xact_lock(h))
     FROM (SELECT DISTINCT hashtextextended(n, 0) AS h FROM unnest(?::text[]) AS n ORDER BY 1) AS ordered`,
  'pos_lock_names',
);

export async function lockNames(em: EntityManager, names: readonly string[]): Promise<void> {
  await query(em, LOCK_NAMES, [names]);
}

/**
 * The POS fast path's statement (one-statement-receipts.ts). Binds each key, unless bound (ON
 * CONFLICT waits for a concurrent holder of the key and then skips it), and only for the keys it
 * bound writes the documents and their events: the documents module's part of the statement. The
 * keys' foreign key to their documents is deferred, so the order inside the statement is free.
 * Parameters: the rows as a JSON array of { key, document, events } (plannedDocumentRow), the
 * register, its organization and the moment. Returns the keys it bound.
 */
export function receiptsStatement(documentsPart: (source: string) => string): Statement {
  return sql(
    `WITH input AS (
  SELECT a.n, a.j->>'key' AS key, a.j->'document' AS document, a.j->'events' AS events
    FROM jsonb_array_elements(?::jsonb) WITH ORDINALITY AS a(j, n)
),
bound AS (
  INSERT INTO pos_idempotency_keys (device_id, operation, key, organization_id, document_id, created_at)
  SELECT ?::uuid, 'issue', i.key, ?::uuid, (i.document->>'id')::uuid, ?::timestamptz FROM input i ORDER BY i.n
  ON CONFLICT (device_id, operation, key) DO NOTHING
  RETURNING key
),
written AS (SELECT i.* FROM input i JOIN bound b ON b.key = i.key),
${documentsPart('written')}
SELECT key FROM bound`,
    'pos_insert_receipts',
  );
}

export interface ReceiptRow {
  key: string;
  document: object;
  events: object[];
}

export async function insertReceipts(
  em: EntityManager,
  statement: Statement,
  owner: { organizationId: string; deviceId: string },
  now: Date,
  rows: readonly ReceiptRow[],
): Promise<Set<string>> {
  const bound = await query<{ key: string }>(em, statement, [
    JSON.stringify(rows),
    owner.deviceId,
    owner.organizationId,
    now,
  ]);
  return new Set(bound.map((r) => r.key));
}
