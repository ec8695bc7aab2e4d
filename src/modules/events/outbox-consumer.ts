import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { Clock } from '../../core/clock';
import type { Orm } from '../../core/db/orm';
import type { Metrics } from '../../core/observability/metrics';
import { toRecordedEvent, type OutboxRow } from './event-outbox';
import type { RecordedEvent } from './event-payloads';
import { afterFailure, type RetryPolicy } from './retry-policy';

/**
 * A consumer gets an event inside the dispatch transaction (a savepoint); throwing means "again
 * later". What it returns (other than undefined) reaches its `committed` hook once the pass commits.
 */
export type EventConsumer = (em: EntityManager, event: RecordedEvent) => Promise<unknown>;

/**
 * Optional, beside the per-event consumer: the events of a pass that are due for the consumer, at
 * once, in order (tx, seq), inside one savepoint. It must do what `consume` would do for each of them
 * in turn. When it throws, its writes are rolled back and each event is handed to `consume` alone,
 * in its own savepoint, so a failing event waits (and is parked) alone: a consumer may therefore see an
 * event again whose writes were rolled back, and must keep nothing outside the transaction of a batch.
 */
export type BatchConsumer = (em: EntityManager, events: RecordedEvent[]) => Promise<unknown>;

export interface ConsumerOptions {
  consumeBatch?: BatchConsumer;
  /**
   * Called after a pass that handed this consumer events has committed (e.g. to wake a sender of
   * what it wrote), with what the consumer's calls in that pass returned: only of calls whose writes
   * committed (a rolled-back batch's or event's result is not among them), in order.
   */
  committed?: (results: unknown[]) => void;
}

export interface PassResult {
  /** Events handed to the consumer (successes and failures). */
  handed: number;
  /** Events the position moved over. */
  moved: number;
  /** Committed events not yet dispatchable because an older transaction was still open. */
  heldBack: boolean;
  /** What the consumer's calls returned (undefined left out), for its `committed` hook. */
  results: unknown[];
  /** The pass read as many events as it may: more are probably waiting. */
  full: boolean;
}

/** Events read per pass: the batch handed to a batch consumer. */
const BATCH = 500;
const IDLE: PassResult = { handed: 0, moved: 0, heldBack: false, results: [], full: false };

type Query = <T = Record<string, any>>(sql: string, params: unknown[]) => Promise<T[]>;
type EventRow = OutboxRow & { tx_id: string };
type DeliveryRow = OutboxRow & { tx_id: string; attempts: number };
/** What handing events to the consumer came to: its result, or the error it threw. */
type Outcome = { result: unknown } | { error: unknown };

/**
 * One consumer's position in the outbox (table outbox_consumers) and the events it still owes
 * (outbox_deliveries). A pass runs in one transaction holding the consumer's row lock, so one
 * worker at a time hands events to a consumer; the consumer's own writes commit with its position.
 *
 * Order is per organization: while an event of an organization waits for a retry, later events of
 * that organization queue behind it for this consumer; other organizations and consumers go on. A
 * parked event no longer holds its organization back (it is a dead letter until an operator
 * retries it).
 */
export class OutboxConsumer {
  constructor(
    readonly name: string,
    private readonly consume: EventConsumer,
    private readonly options: ConsumerOptions,
    private readonly deps: { orm: Orm; clock: Clock; log: Logger; metrics: Metrics; policy: RetryPolicy },
  ) {}

  /**
   * Starts the consumer at the events of transactions still open or begun after now: a new
   * consumer does not receive the history recorded before it was first registered (the events of
   * transactions visible in the registration's snapshot are skipped). Idempotent.
   */
  async register(): Promise<void> {
    await this.deps.orm.em.getConnection().execute(
      `INSERT INTO outbox_consumers (name, position_tx, position_seq, registered_at, history)
       SELECT ?, pg_snapshot_xmin(s), 0, ?, s FROM pg_current_snapshot() AS s ON CONFLICT (name) DO NOTHING`,
      [this.name, this.deps.clock.now()],
    );
  }

  /** Runs the consumer's `committed` hook (after a pass that handed it events has committed). */
  committed(results: unknown[]): void {
    try {
      this.options.committed?.(results);
    } catch (err) {
      this.deps.log.error({ err, consumer: this.name }, 'outbox consumer committed hook failed');
    }
  }

  /** `wait`: block on another worker's pass instead of skipping this consumer. */
  async pass(wait: boolean): Promise<PassResult> {
    return this.deps.orm.em.fork().transactional(async (em) => {
      const q: Query = (sql, params) => em.getConnection().execute(sql, params, 'all', em.getTransactionContext());
      // The snapshot's xmin is read in the statement that takes the lock, before this transaction
      // has an id of its own: every event of a transaction below it is committed or never will be.
      const [cursor] = await q<{ tx: string; seq: string; horizon: string; history: string | null }>(
        `SELECT position_tx AS tx, position_seq AS seq, pg_snapshot_xmin(pg_current_snapshot()) AS horizon, history::text AS history
         FROM outbox_consumers WHERE name = ? FOR UPDATE${wait ? '' : ' SKIP LOCKED'}`,
        [this.name],
      );
      if (!cursor) return IDLE;
      const now = this.deps.clock.now();
      let handed = 0;
      const results: unknown[] = [];
      const consumed = (outcome: Outcome): unknown => {
        if ('error' in outcome) return outcome.error;
        if (outcome.result !== undefined) results.push(outcome.result);
        return undefined;
      };

      const heads = await q<DeliveryRow>(
        `SELECT d.seq, d.tx_id, d.attempts, e.event, e.organization_id, e.data, e.created_at
         FROM (SELECT DISTINCT ON (organization_id) seq, tx_id, attempts, next_attempt_at FROM outbox_deliveries
               WHERE consumer = ? AND parked_at IS NULL ORDER BY organization_id, tx_id, seq) d
         JOIN event_outbox e ON e.seq = d.seq
         WHERE d.next_attempt_at <= ? ORDER BY d.tx_id, d.seq LIMIT ?`,
        [this.name, now, BATCH],
      );
      for (const head of heads) {
        handed++;
        const error = consumed(await this.attempt(em, head, head.attempts + 1));
        if (error === undefined)
          await q('DELETE FROM outbox_deliveries WHERE consumer = ? AND seq = ?', [this.name, head.seq]);
        else await this.failed(q, head, head.attempts + 1, error, now);
      }

      const events = await q<EventRow>(
        `SELECT seq, tx_id, event, organization_id, data, created_at FROM event_outbox
         WHERE (tx_id, seq) > (?::xid8, ?::bigint) AND tx_id < ?::xid8
           AND (?::pg_snapshot IS NULL OR NOT pg_visible_in_snapshot(tx_id, ?::pg_snapshot)) ORDER BY tx_id, seq LIMIT ?`,
        [cursor.tx, cursor.seq, cursor.horizon, cursor.history, cursor.history, BATCH],
      );
      const position = events.length
        ? { tx: events[events.length - 1].tx_id, seq: String(events[events.length - 1].seq) }
        : cursor;
      if (events.length) {
        const orgs = [...new Set(events.map((e) => e.organization_id))];
        const waiting = new Set(
          (
            await q<{ organization_id: string }>(
              'SELECT DISTINCT organization_id FROM outbox_deliveries WHERE consumer = ? AND parked_at IS NULL AND organization_id = ANY(?::uuid[])',
              // A Postgres array literal: knex would expand a JS array into a list of bindings.
              [this.name, `{${orgs.join(',')}}`],
            )
          ).map((r) => r.organization_id),
        );
        // Events behind a failing one of their organization are queued; the others go as one batch
        // when the consumer takes batches, one by one when it does not or when the batch failed.
        const due = events.filter((e) => !waiting.has(e.organization_id));
        const batch = due.length > 1 ? await this.attemptBatch(em, due) : null;
        const batched = batch !== null && consumed(batch) === undefined;
        for (const event of events) {
          if (waiting.has(event.organization_id)) {
            await this.queue(q, event, now);
            continue;
          }
          handed++;
          if (batched) continue;
          const error = consumed(await this.attempt(em, event, 1));
          if (error !== undefined && !(await this.failed(q, event, 1, error, now))) waiting.add(event.organization_id);
        }
        // The registration snapshot matters only until the position passes its xmax.
        await q(
          `UPDATE outbox_consumers SET position_tx = ?::xid8, position_seq = ?,
             history = CASE WHEN ?::xid8 >= pg_snapshot_xmax(history) THEN NULL ELSE history END WHERE name = ?`,
          [position.tx, position.seq, position.tx, this.name],
        );
      }
      const heldBack =
        events.length < BATCH &&
        (
          await q(
            `SELECT 1 FROM event_outbox WHERE (tx_id, seq) > (?::xid8, ?::bigint) AND tx_id >= ?::xid8
             AND tx_id <> pg_current_xact_id() AND (?::pg_snapshot IS NULL OR NOT pg_visible_in_snapshot(tx_id, ?::pg_snapshot)) LIMIT 1`,
            [position.tx, position.seq, cursor.horizon, cursor.history, cursor.history],
          )
        ).length > 0;
      return { handed, moved: events.length, heldBack, results, full: events.length === BATCH };
    });
  }

  /** Hands one event to the consumer in a savepoint: what it returned, or the error when it threw. */
  private async attempt(em: EntityManager, row: OutboxRow, attempt: number): Promise<Outcome> {
    const event = toRecordedEvent(row);
    try {
      return { result: await em.transactional((inner) => this.consume(inner, event)) };
    } catch (err) {
      this.deps.metrics.outboxConsumerFailures.inc({ consumer: this.name });
      this.deps.log.error(
        { err, consumer: this.name, seq: event.seq, event: event.event, attempt },
        'event consumer failed',
      );
      return { error: err ?? new Error('consumer threw without an error') };
    }
  }

  /** Hands events to the batch consumer in one savepoint; null when there is none, the error when it threw (its writes rolled back). */
  private async attemptBatch(em: EntityManager, rows: OutboxRow[]): Promise<Outcome | null> {
    const { consumeBatch } = this.options;
    if (!consumeBatch) return null;
    try {
      return { result: await em.transactional((inner) => consumeBatch(inner, rows.map(toRecordedEvent))) };
    } catch (err) {
      this.deps.log.warn(
        { err, consumer: this.name, events: rows.length, from: String(rows[0].seq) },
        'event consumer batch failed; handing its events one by one',
      );
      return { error: err ?? new Error('consumer batch threw without an error') };
    }
  }

  /** Records a failure; returns whether the event is now parked for this consumer. */
  private async failed(q: Query, row: EventRow, failures: number, err: unknown, now: Date): Promise<boolean> {
    const { parked, nextAttemptAt } = afterFailure(this.deps.policy, failures, now);
    const message = (err instanceof Error ? err.message : String(err)).slice(0, 2000);
    await q(
      `INSERT INTO outbox_deliveries (consumer, seq, tx_id, organization_id, attempts, next_attempt_at, last_attempt_at, last_error, parked_at)
       VALUES (?, ?, ?::xid8, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (consumer, seq) DO UPDATE SET attempts = EXCLUDED.attempts, next_attempt_at = EXCLUDED.next_attempt_at,
         last_attempt_at = EXCLUDED.last_attempt_at, last_error = EXCLUDED.last_error, parked_at = EXCLUDED.parked_at`,
      [this.name, row.seq, row.tx_id, row.organization_id, failures, nextAttemptAt, now, message, parked ? now : null],
    );
    if (parked) {
      this.deps.metrics.outboxParked.inc({ consumer: this.name });
      this.deps.log.warn(
        { consumer: this.name, seq: String(row.seq), event: row.event, attempts: failures },
        'event parked for consumer',
      );
    }
    return parked;
  }

  /** An event behind a failing one of its organization: due as soon as it heads the queue. */
  private async queue(q: Query, row: EventRow, now: Date): Promise<void> {
    await q(
      `INSERT INTO outbox_deliveries (consumer, seq, tx_id, organization_id, attempts, next_attempt_at) VALUES (?, ?, ?::xid8, ?, 0, ?)`,
      [this.name, row.seq, row.tx_id, row.organization_id, now],
    );
  }
}
