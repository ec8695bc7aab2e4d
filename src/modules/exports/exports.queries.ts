import type { EntityManager } from '@mikro-orm/postgresql';
import { query, sql } from '../../core/db/sql';

/** The hand-written statements of the exports module (its tables: exports, export_chunks). */

const LOCK_ORGANIZATION = sql(`SELECT pg_advisory_xact_lock(hashtextextended('exports:' || ?, 0))`);
const COUNT_UNFINISHED = sql(
  `SELECT count(*)::int AS n FROM exports WHERE organization_id = ? AND status IN ('QUEUED', 'RUNNING')`,
);

/** In `em`'s transaction: waits for the other exports being created for the company, then counts the unfinished ones. */
export async function lockAndCountUnfinished(em: EntityManager, organizationId: string): Promise<number> {
  await query(em, LOCK_ORGANIZATION, [organizationId]);
  const [row] = await query<{ n: number }>(em, COUNT_UNFINISHED, [organizationId]);
  return row.n;
}

const CLAIM = sql(`UPDATE exports
  SET status = 'RUNNING', attempts = attempts + 1, heartbeat_at = ?, started_at = coalesce(started_at, ?), rows_done = 0
  WHERE id = ? AND (status = 'QUEUED' OR (status = 'RUNNING' AND heartbeat_at < ?))
  RETURNING attempts`);

/**
 * Takes an export for this worker: a QUEUED one, or a RUNNING one whose worker has not reported since
 * `staleBefore` (it died). Returns the attempt's number (the claim every later write names), or null
 * when another worker has it or it is finished.
 */
export async function claimExport(em: EntityManager, id: string, now: Date, staleBefore: Date): Promise<number | null> {
  const [row] = await query<{ attempts: number }>(em, CLAIM, [now, now, id, staleBefore]);
  return row?.attempts ?? null;
}

const PROGRESS = sql(`UPDATE exports SET rows_done = ?, rows_total = coalesce(?, rows_total), heartbeat_at = ?
  WHERE id = ? AND attempts = ? AND status = 'RUNNING' RETURNING id`);

/** Records the rows done (and the total) of attempt `attempt`; false when the attempt lost its claim. */
export async function recordProgress(
  em: EntityManager,
  claim: { id: string; attempt: number },
  progress: { done: number; total?: number },
  now: Date,
): Promise<boolean> {
  const rows = await query(em, PROGRESS, [progress.done, progress.total ?? null, now, claim.id, claim.attempt]);
  return rows.length === 1;
}

const FINISH =
  sql(`UPDATE exports SET status = ?, error = ?, size_bytes = ?, rows_done = coalesce(?, rows_done), finished_at = ?
  WHERE id = ? AND attempts = ? AND status = 'RUNNING' RETURNING id`);

/** Ends attempt `attempt` DONE or FAILED; false when the attempt lost its claim (nothing written). */
export async function finishExport(
  em: EntityManager,
  claim: { id: string; attempt: number },
  end: { status: 'DONE' | 'FAILED'; error: string | null; sizeBytes: number | null; rows: number | null },
  now: Date,
): Promise<boolean> {
  const rows = await query(em, FINISH, [end.status, end.error, end.sizeBytes, end.rows, now, claim.id, claim.attempt]);
  return rows.length === 1;
}

const DELETE_CHUNKS = sql(`DELETE FROM export_chunks WHERE export_id = ?`);
const INSERT_CHUNK = sql(`INSERT INTO export_chunks (export_id, seq, data) VALUES (?, ?, ?)`);
const READ_CHUNK = sql(`SELECT data FROM export_chunks WHERE export_id = ? AND seq = ?`);

/** Removes what an earlier attempt wrote of the file. */
export async function deleteChunks(em: EntityManager, exportId: string): Promise<void> {
  await query(em, DELETE_CHUNKS, [exportId]);
}

export async function insertChunk(em: EntityManager, exportId: string, seq: number, data: Buffer): Promise<void> {
  await query(em, INSERT_CHUNK, [exportId, seq, data]);
}

/** Piece `seq` of the file, or null after the last one. */
export async function readChunk(em: EntityManager, exportId: string, seq: number): Promise<Buffer | null> {
  const [row] = await query<{ data: Buffer }>(em, READ_CHUNK, [exportId, seq]);
  return row?.data ?? null;
}

const STRANDED = sql(`SELECT id FROM exports
  WHERE (status = 'QUEUED' AND created_at < ?) OR (status = 'RUNNING' AND heartbeat_at < ?)
  ORDER BY created_at LIMIT ?`);

/** Exports left behind: QUEUED without a worker since `before`, or RUNNING with a worker silent since then. */
export async function strandedExports(em: EntityManager, before: Date, limit: number): Promise<string[]> {
  return (await query<{ id: string }>(em, STRANDED, [before, before, limit])).map((r) => r.id);
}

const DELETE_OLD_CHUNKS = sql(`WITH gone AS (
  DELETE FROM export_chunks WHERE (export_id, seq) IN (
    SELECT c.export_id, c.seq FROM exports e JOIN export_chunks c ON c.export_id = e.id
    WHERE e.finished_at < ? LIMIT ?)
  RETURNING 1)
SELECT count(*)::int AS n FROM gone`);
const DELETE_OLD_EXPORTS = sql(`WITH gone AS (
  DELETE FROM exports WHERE id IN (
    SELECT id FROM exports e WHERE finished_at < ?
    AND NOT EXISTS (SELECT 1 FROM export_chunks c WHERE c.export_id = e.id) LIMIT ?)
  RETURNING 1)
SELECT count(*)::int AS n FROM gone`);

/** Retention: at most `limit` pieces of files of exports finished before `before`. */
export async function deleteOldChunks(em: EntityManager, before: Date, limit: number): Promise<number> {
  const [row] = await query<{ n: number }>(em, DELETE_OLD_CHUNKS, [before, limit]);
  return row.n;
}

/** Retention: at most `limit` exports finished before `before` whose pieces are gone. */
export async function deleteOldExports(em: EntityManager, before: Date, limit: number): Promise<number> {
  const [row] = await query<{ n: number }>(em, DELETE_OLD_EXPORTS, [before, limit]);
  return row.n;
}
