import type { EntityManager } from '@mikro-orm/postgresql';
import { query, sql } from '../../core/db/sql';
import type { ExtractedFields } from './extraction';
import type { ExtractionMethod } from './inbox.types';

/** The hand-written statements of the inbox module (its tables: inbox_items, inbox_item_files). */

const INSERT_FILE = sql(`INSERT INTO inbox_item_files (item_id, content) VALUES (?, ?)`);
const READ_FILE = sql(`SELECT content FROM inbox_item_files WHERE item_id = ?`);

export async function insertFile(em: EntityManager, itemId: string, content: Buffer): Promise<void> {
  await query(em, INSERT_FILE, [itemId, content]);
}

/** The item's bytes, or null once retention has deleted them. */
export async function readFile(em: EntityManager, itemId: string): Promise<Buffer | null> {
  const [row] = await query<{ content: Buffer }>(em, READ_FILE, [itemId]);
  return row?.content ?? null;
}

const CLAIM = sql(`UPDATE inbox_items
  SET status = 'PROCESSING', attempts = attempts + 1, claimed_at = ?, updated_at = ?
  WHERE id = ? AND (status = 'QUEUED' OR (status = 'PROCESSING' AND claimed_at < ?))
  RETURNING attempts, organization_id`);

/**
 * Takes an item for this worker in one statement: a QUEUED one, or a PROCESSING one whose worker has
 * been silent since `staleBefore` (it died). Returns the attempt's number, which the end of the
 * attempt names, or null when another worker has it or it is done.
 */
export async function claimItem(
  em: EntityManager,
  id: string,
  now: Date,
  staleBefore: Date,
): Promise<{ attempt: number; organizationId: string } | null> {
  const [row] = await query<{ attempts: number; organization_id: string }>(em, CLAIM, [now, now, id, staleBefore]);
  return row ? { attempt: row.attempts, organizationId: row.organization_id } : null;
}

export interface ItemOutcome {
  status: 'EXTRACTED' | 'FAILED';
  pages: number | null;
  method: ExtractionMethod | null;
  engine: string | null;
  failureReason: string | null;
  fields: ExtractedFields | null;
  supplierContactId: string | null;
  duplicateCostId: string | null;
}

const FINISH = sql(`UPDATE inbox_items SET status = ?, pages = ?, method = ?, engine = ?, failure_reason = ?,
  fields = ?::jsonb, supplier_contact_id = ?, duplicate_cost_id = ?, processed_at = ?, updated_at = ?, claimed_at = NULL
  WHERE id = ? AND attempts = ? AND status = 'PROCESSING' RETURNING id`);

/** Ends attempt `attempt` of the item; false when the attempt lost its claim or the item was deleted (nothing written). */
export async function finishItem(
  em: EntityManager,
  claim: { id: string; attempt: number },
  end: ItemOutcome,
  now: Date,
): Promise<boolean> {
  const rows = await query(em, FINISH, [
    end.status,
    end.pages,
    end.method,
    end.engine,
    end.failureReason,
    end.fields === null ? null : JSON.stringify(end.fields),
    end.supplierContactId,
    end.duplicateCostId,
    now,
    now,
    claim.id,
    claim.attempt,
  ]);
  return rows.length === 1;
}

const CONFIRM = sql(`UPDATE inbox_items SET status = 'CONFIRMED', cost_id = ?, confirmed_at = ?, updated_at = ?
  WHERE id = ? AND organization_id = ? AND status = 'EXTRACTED' RETURNING id`);

/** In the cost's transaction: EXTRACTED → CONFIRMED with its cost; false when the item is no longer EXTRACTED. */
export async function confirmItem(
  em: EntityManager,
  item: { id: string; organizationId: string },
  costId: string,
  now: Date,
): Promise<boolean> {
  const rows = await query(em, CONFIRM, [costId, now, now, item.id, item.organizationId]);
  return rows.length === 1;
}

const STRANDED = sql(`SELECT id FROM inbox_items
  WHERE (status = 'QUEUED' AND created_at < ?) OR (status = 'PROCESSING' AND claimed_at < ?)
  ORDER BY created_at LIMIT ?`);

/** Items left behind: QUEUED without a job since `before` (lost between commit and scheduling), or PROCESSING with a silent worker. */
export async function strandedItems(em: EntityManager, before: Date, limit: number): Promise<string[]> {
  return (await query<{ id: string }>(em, STRANDED, [before, before, limit])).map((r) => r.id);
}

const DELETE_CONFIRMED_FILES = sql(`WITH gone AS (
  DELETE FROM inbox_item_files WHERE item_id IN (
    SELECT f.item_id FROM inbox_item_files f JOIN inbox_items i ON i.id = f.item_id
    WHERE i.status = 'CONFIRMED' AND i.confirmed_at < ? LIMIT ?)
  RETURNING 1)
SELECT count(*)::int AS n FROM gone`);

/** Retention: the files of at most `limit` items confirmed before `before` (their costs keep them as attachments). */
export async function deleteConfirmedFiles(em: EntityManager, before: Date, limit: number): Promise<number> {
  const [row] = await query<{ n: number }>(em, DELETE_CONFIRMED_FILES, [before, limit]);
  return row.n;
}

const DELETE_OLD_FAILED = sql(`WITH gone AS (
  DELETE FROM inbox_items WHERE id IN (
    SELECT id FROM inbox_items WHERE status = 'FAILED' AND processed_at < ? LIMIT ?)
  RETURNING 1)
SELECT count(*)::int AS n FROM gone`);

/** Retention: at most `limit` items FAILED before `before`, with their files. */
export async function deleteOldFailed(em: EntityManager, before: Date, limit: number): Promise<number> {
  const [row] = await query<{ n: number }>(em, DELETE_OLD_FAILED, [before, limit]);
  return row.n;
}
