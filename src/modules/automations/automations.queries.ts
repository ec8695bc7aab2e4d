import type { EntityManager } from '@mikro-orm/postgresql';
import { query, sql } from '../../core/db/sql';

const DEPTH_OF_EVENT = sql('SELECT depth FROM automation_event_depths WHERE seq = ?');

/** The depth of the run whose actions recorded the event (null: not recorded by a run). */
export async function depthOfEvent(em: EntityManager, seq: string): Promise<number | null> {
  const [row] = await query<{ depth: number }>(em, DEPTH_OF_EVENT, [seq]);
  return row?.depth ?? null;
}

/*
 * The two statements below read the outbox's seq and tx_id (the events module's table): the events
 * a run's actions recorded are those of this transaction after a mark taken before the run. They
 * stay one round trip each until the outbox offers "events recorded in this transaction since".
 */
const LAST_EVENT_OF_TRANSACTION = sql(
  'SELECT COALESCE(MAX(seq), 0) AS seq FROM event_outbox WHERE tx_id = pg_current_xact_id()',
);

/** The last event this transaction has recorded so far ('0' before the first): a mark. */
export async function lastEventOfTransaction(em: EntityManager): Promise<string> {
  const [row] = await query<{ seq: string }>(em, LAST_EVENT_OF_TRANSACTION);
  return String(row.seq);
}

const RECORD_DEPTHS = sql(`
  INSERT INTO automation_event_depths (seq, depth)
  SELECT seq, ? FROM event_outbox WHERE tx_id = pg_current_xact_id() AND seq > ?
  ON CONFLICT (seq) DO NOTHING`);

/** Stores `depth` for every event this transaction recorded after `mark`. */
export async function recordDepthsAfter(em: EntityManager, mark: string, depth: number): Promise<void> {
  await query(em, RECORD_DEPTHS, [depth, mark]);
}

const CLAIM_OCCURRENCE = sql(`
  INSERT INTO automation_occurrences (automation_id, occurrence_at) VALUES (?, ?)
  ON CONFLICT DO NOTHING RETURNING automation_id`);

/** True for the one caller that claims (rule, occurrence); every other worker gets false. */
export async function claimOccurrence(em: EntityManager, automationId: string, at: Date): Promise<boolean> {
  return (await query(em, CLAIM_OCCURRENCE, [automationId, at])).length > 0;
}

const DELETE_OCCURRENCES = sql('DELETE FROM automation_occurrences WHERE automation_id = ?');

export async function deleteOccurrences(em: EntityManager, automationId: string): Promise<void> {
  await query(em, DELETE_OCCURRENCES, [automationId]);
}

const DELETE_OLD_RUNS = sql(
  `WITH gone AS (
     DELETE FROM automation_runs WHERE id IN (
       SELECT id FROM automation_runs WHERE created_at < ? ORDER BY created_at LIMIT ? FOR UPDATE SKIP LOCKED)
     RETURNING 1)
   SELECT count(*)::int AS n FROM gone`,
);

const DELETE_OLD_OCCURRENCES = sql(
  `WITH gone AS (
     DELETE FROM automation_occurrences WHERE (automation_id, occurrence_at) IN (
       SELECT automation_id, occurrence_at FROM automation_occurrences WHERE occurrence_at < ?
       ORDER BY occurrence_at LIMIT ? FOR UPDATE SKIP LOCKED)
     RETURNING 1)
   SELECT count(*)::int AS n FROM gone`,
);

/**
 * Retention: deletes up to `limit` claimed occurrences before `before`. A claim only keeps two
 * workers from running one occurrence at about the same time; one that old is never run again.
 */
export async function deleteOldOccurrences(em: EntityManager, before: Date, limit: number): Promise<number> {
  const [row] = await query<{ n: number }>(em, DELETE_OLD_OCCURRENCES, [before, limit]);
  return row.n;
}

/** Retention: deletes up to `limit` automation runs created before `before`. */
export async function deleteOldRuns(em: EntityManager, before: Date, limit: number): Promise<number> {
  const [row] = await query<{ n: number }>(em, DELETE_OLD_RUNS, [before, limit]);
  return row.n;
}
