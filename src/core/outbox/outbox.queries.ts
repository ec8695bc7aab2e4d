import type { EntityManager } from '@mikro-orm/postgresql';
import { query, sql } from '../db/sql';

/**
 * The outbox's SQL (tables event_outbox, outbox_consumers, outbox_deliveries; see OutboxConsumer
 * for what they hold). Ordering by (tx_id, seq) and the snapshot functions are what the ORM cannot
 * say; everything else here is plain reads and writes of these three tables.
 */

export interface OutboxRow {
  seq: string;
  event: string;
  organization_id: string;
  data: Record<string, unknown>;
  created_at: Date;
}
export type EventRow = OutboxRow & { tx_id: string };
export type DeliveryRow = EventRow & { attempts: number };

export interface ConsumerCursor {
  tx: string;
  seq: string;
  /** Every event of a transaction below it is committed or never will be. */
  horizon: string;
  /** The registration snapshot, as text, until the position passes its xmax. */
  history: string | null;
}

export function listEventsAfter(em: EntityManager, afterSeq: string, limit: number): Promise<OutboxRow[]> {
  return query<OutboxRow>(
    em,
    'SELECT seq, event, organization_id, data, created_at FROM event_outbox WHERE seq > ? ORDER BY seq LIMIT ?',
    [afterSeq, limit],
  );
}

/** A new consumer starts at the transactions still open or begun after now (see OutboxConsumer.register). */
export async function registerConsumer(em: EntityManager, name: string, now: Date): Promise<void> {
  await query(
    em,
    `INSERT INTO outbox_consumers (name, position_tx, position_seq, registered_at, history)
     SELECT ?, pg_snapshot_xmin(s), 0, ?, s FROM pg_current_snapshot() AS s ON CONFLICT (name) DO NOTHING`,
    [name, now],
  );
}

const LOCK_CURSOR = sql(
  `SELECT position_tx AS tx, position_seq AS seq, pg_snapshot_xmin(pg_current_snapshot()) AS horizon, history::text AS history
   FROM outbox_consumers WHERE name = ? FOR UPDATE`,
);
const LOCK_CURSOR_SKIP_LOCKED = sql(`${LOCK_CURSOR.text} SKIP LOCKED`);

/**
 * Locks the consumer's position row; null when another worker holds it and `wait` is false. The
 * snapshot's xmin is read in the statement that takes the lock, before the transaction has an id.
 */
export async function lockCursor(em: EntityManager, consumer: string, wait: boolean): Promise<ConsumerCursor | null> {
  const [cursor] = await query<ConsumerCursor>(em, wait ? LOCK_CURSOR : LOCK_CURSOR_SKIP_LOCKED, [consumer]);
  return cursor ?? null;
}

/** The oldest due delivery of each organization that waits for a retry, oldest first. */
export function dueRetries(em: EntityManager, consumer: string, now: Date, limit: number): Promise<DeliveryRow[]> {
  return query<DeliveryRow>(
    em,
    `SELECT d.seq, d.tx_id, d.attempts, e.event, e.organization_id, e.data, e.created_at
     FROM (SELECT DISTINCT ON (organization_id) seq, tx_id, attempts, next_attempt_at FROM outbox_deliveries
           WHERE consumer = ? AND parked_at IS NULL ORDER BY organization_id, tx_id, seq) d
     JOIN event_outbox e ON e.seq = d.seq
     WHERE d.next_attempt_at <= ? ORDER BY d.tx_id, d.seq LIMIT ?`,
    [consumer, now, limit],
  );
}

/** Committed events after the cursor, below its horizon, not visible to the registration snapshot. */
export function eventsAfterCursor(em: EntityManager, cursor: ConsumerCursor, limit: number): Promise<EventRow[]> {
  return query<EventRow>(
    em,
    `SELECT seq, tx_id, event, organization_id, data, created_at FROM event_outbox
     WHERE (tx_id, seq) > (?::xid8, ?::bigint) AND tx_id < ?::xid8
       AND (?::pg_snapshot IS NULL OR NOT pg_visible_in_snapshot(tx_id, ?::pg_snapshot)) ORDER BY tx_id, seq LIMIT ?`,
    [cursor.tx, cursor.seq, cursor.horizon, cursor.history, cursor.history, limit],
  );
}

/** Whether events after `position` wait for transactions still open (other than this one). */
export async function eventsHeldBack(
  em: EntityManager,
  position: { tx: string; seq: string },
  cursor: ConsumerCursor,
): Promise<boolean> {
  const rows = await query(
    em,
    `SELECT 1 FROM event_outbox WHERE (tx_id, seq) > (?::xid8, ?::bigint) AND tx_id >= ?::xid8
     AND tx_id <> pg_current_xact_id() AND (?::pg_snapshot IS NULL OR NOT pg_visible_in_snapshot(tx_id, ?::pg_snapshot)) LIMIT 1`,
    [position.tx, position.seq, cursor.horizon, cursor.history, cursor.history],
  );
  return rows.length > 0;
}

/** The registration snapshot matters only until the position passes its xmax. */
export async function moveCursor(em: EntityManager, consumer: string, position: { tx: string; seq: string }) {
  await query(
    em,
    `UPDATE outbox_consumers SET position_tx = ?::xid8, position_seq = ?,
       history = CASE WHEN ?::xid8 >= pg_snapshot_xmax(history) THEN NULL ELSE history END WHERE name = ?`,
    [position.tx, position.seq, position.tx, consumer],
  );
}

/** The organizations among `organizations` with an event waiting (not parked) for the consumer. */
export async function organizationsWaiting(
  em: EntityManager,
  consumer: string,
  organizations: readonly string[],
): Promise<Set<string>> {
  const rows = await query<{ organization_id: string }>(
    em,
    `SELECT DISTINCT organization_id FROM outbox_deliveries
     WHERE consumer = ? AND parked_at IS NULL AND organization_id = ANY(?::uuid[])`,
    [consumer, organizations],
  );
  return new Set(rows.map((r) => r.organization_id));
}

export async function deleteDelivery(em: EntityManager, consumer: string, seq: string): Promise<void> {
  await query(em, 'DELETE FROM outbox_deliveries WHERE consumer = ? AND seq = ?', [consumer, seq]);
}

export interface FailedDelivery {
  consumer: string;
  row: EventRow;
  attempts: number;
  nextAttemptAt: Date;
  now: Date;
  lastError: string;
  parked: boolean;
}

export async function recordFailure(em: EntityManager, f: FailedDelivery): Promise<void> {
  await query(
    em,
    `INSERT INTO outbox_deliveries (consumer, seq, tx_id, organization_id, attempts, next_attempt_at, last_attempt_at, last_error, parked_at)
     VALUES (?, ?, ?::xid8, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (consumer, seq) DO UPDATE SET attempts = EXCLUDED.attempts, next_attempt_at = EXCLUDED.next_attempt_at,
       last_attempt_at = EXCLUDED.last_attempt_at, last_error = EXCLUDED.last_error, parked_at = EXCLUDED.parked_at`,
    [
      f.consumer,
      f.row.seq,
      f.row.tx_id,
      f.row.organization_id,
      f.attempts,
      f.nextAttemptAt,
      f.now,
      f.lastError,
      f.parked ? f.now : null,
    ],
  );
}

/** An event behind a failing one of its organization: due as soon as it heads the queue. */
export async function queueDelivery(em: EntityManager, consumer: string, row: EventRow, now: Date): Promise<void> {
  await query(
    em,
    `INSERT INTO outbox_deliveries (consumer, seq, tx_id, organization_id, attempts, next_attempt_at)
     VALUES (?, ?, ?::xid8, ?, 0, ?)`,
    [consumer, row.seq, row.tx_id, row.organization_id, now],
  );
}

export function countParked(em: EntityManager): Promise<{ consumer: string; n: string }[]> {
  return query(
    em,
    'SELECT consumer, count(*) AS n FROM outbox_deliveries WHERE parked_at IS NOT NULL GROUP BY consumer',
  );
}

export interface ParkedRow {
  consumer: string;
  seq: string;
  event: string;
  organization_id: string;
  attempts: number;
  parked_at: Date;
  last_error: string | null;
}

export function listParked(em: EntityManager): Promise<ParkedRow[]> {
  return query<ParkedRow>(
    em,
    `SELECT d.consumer, d.seq, e.event, d.organization_id, d.attempts, d.parked_at, d.last_error
     FROM outbox_deliveries d JOIN event_outbox e ON e.seq = d.seq
     WHERE d.parked_at IS NOT NULL ORDER BY d.consumer, d.tx_id, d.seq`,
  );
}

/** Parked events of a consumer (the one of `seq`, or every one for 'all') due again at their last attempt, with a fresh budget. */
export async function unpark(em: EntityManager, consumer: string, seq: string): Promise<number> {
  const rows = await query(
    em,
    `UPDATE outbox_deliveries SET parked_at = NULL, attempts = 0, next_attempt_at = COALESCE(last_attempt_at, next_attempt_at)
     WHERE consumer = ? AND parked_at IS NOT NULL AND (?::bigint IS NULL OR seq = ?::bigint) RETURNING seq`,
    [consumer, seq === 'all' ? null : seq, seq === 'all' ? null : seq],
  );
  return rows.length;
}

/**
 * The part of one statement (a CTE named `events`) that records outbox events written by a module's
 * own hand-written statement: each row of the CTE `source` (aliased `s`) carries `events`, a jsonb
 * array of `{ event, data }`, and `n`, its order; `organization` and `createdAt` are SQL expressions
 * over `s`. The outbox's table is written here only, whoever composes the statement.
 */
export function recordEventsPart(source: string, organization: string, createdAt: string): string {
  return `events AS (
  INSERT INTO event_outbox (event, organization_id, data, created_at)
  SELECT e.j->>'event', ${organization}, e.j->'data', ${createdAt}
    FROM ${source} s CROSS JOIN LATERAL jsonb_array_elements(s.events) WITH ORDINALITY AS e(j, k)
   ORDER BY s.n, e.k
)`;
}

/**
 * Retention: an event goes when it was recorded before `before`, every registered consumer has passed
 * it (its position is at or past the event, or the event was committed before the consumer
 * registered, so it never gets it) and no consumer still needs it (no failed, queued or parked
 * delivery). A consumer that stopped being subscribed keeps its position row and so holds events
 * back until its row is removed.
 */
const DELETE_PASSED_EVENTS = sql(
  `WITH gone AS (
     DELETE FROM event_outbox WHERE seq IN (
       SELECT e.seq FROM event_outbox e
       WHERE e.created_at < ?
         AND NOT EXISTS (SELECT 1 FROM outbox_consumers c
           WHERE (e.tx_id, e.seq) > (c.position_tx, c.position_seq)
             AND NOT (c.history IS NOT NULL AND pg_visible_in_snapshot(e.tx_id, c.history)))
         AND NOT EXISTS (SELECT 1 FROM outbox_deliveries d WHERE d.seq = e.seq)
       ORDER BY e.seq LIMIT ? FOR UPDATE OF e SKIP LOCKED)
     RETURNING 1)
   SELECT count(*)::int AS n FROM gone`,
);

export async function deletePassedEvents(em: EntityManager, before: Date, limit: number): Promise<number> {
  const [row] = await query<{ n: number }>(em, DELETE_PASSED_EVENTS, [before, limit]);
  return row.n;
}
