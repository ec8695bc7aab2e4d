import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { Clock } from '../clock';
import type { Orm } from '../db/orm';
import type { Metrics } from '../observability/metrics';
import { toRecordedEvent, type RecordedEvent } from './event-outbox';
import {
  deleteDelivery,
  dueRetries,
  eventsAfterCursor,
  eventsHeldBack,
  lockCursor,
  moveCursor,
  organizationsWaiting,
  queueDelivery,
  recordFailure,
  registerConsumer,
  type EventRow,
  type OutboxRow,
} from './outbox.queries';
import { afterFailure, type RetryPolicy } from './retry-policy';

/**
 * A consumer gets an event inside the dispatch transaction (a savepoint); throwing means "again
 * later" (it may finish at once or return a promise).
 */
export type EventConsumer = (em: EntityManager, event: RecordedEvent) => unknown;

/**
 * Optional, beside the per-event consumer: the events of a pass that are due for the consumer, at
 * once, in order (tx, seq), inside one savepoint. It must do what `consume` would do for each of them
 * in turn. When it throws, its writes are rolled back and each event is handed to `consume` alone,
 * in its own savepoint, so a failing event waits (and is parked) alone: a consumer may therefore see an
 * event again whose writes were rolled back, and must keep nothing outside the transaction of a batch.
 */
export type BatchConsumer = (em: EntityManager, events: RecordedEvent[]) => unknown;

export interface ConsumerOptions {
  consumeBatch?: BatchConsumer;
  /** Called after a pass that handed this consumer events has committed (e.g. to wake a sender of what it wrote). */
  committed?: () => void;
}

export interface PassResult {
  /** Events handed to the consumer (successes and failures). */
  handed: number;
  /** Events the position moved over. */
  moved: number;
  /** Committed events not yet dispatchable because an older transaction was still open. */
  heldBack: boolean;
  /** The pass read as many events as it may: more are probably waiting. */
  full: boolean;
}

/** Events read per pass: the batch handed to a batch consumer. */
const BATCH = 500;
const IDLE: PassResult = { handed: 0, moved: 0, heldBack: false, full: false };

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
    await registerConsumer(this.deps.orm.em.fork(), this.name, this.deps.clock.now());
  }

  /** Runs the consumer's `committed` hook (after a pass that handed it events has committed). */
  committed(): void {
    try {
      this.options.committed?.();
    } catch (err) {
      this.deps.log.error({ err, consumer: this.name }, 'outbox consumer committed hook failed');
    }
  }

  /** `wait`: block on another worker's pass instead of skipping this consumer. */
  async pass(wait: boolean): Promise<PassResult> {
    return this.deps.orm.em.fork().transactional(async (em) => {
      const cursor = await lockCursor(em, this.name, wait);
      if (!cursor) return IDLE;
      const now = this.deps.clock.now();
      let handed = 0;

      for (const head of await dueRetries(em, this.name, now, BATCH)) {
        handed++;
        const error = await this.attempt(em, head, head.attempts + 1);
        if (error === undefined) await deleteDelivery(em, this.name, head.seq);
        else await this.failed(em, head, head.attempts + 1, error, now);
      }

      const events = await eventsAfterCursor(em, cursor, BATCH);
      const position = events.length
        ? { tx: events[events.length - 1].tx_id, seq: String(events[events.length - 1].seq) }
        : cursor;
      if (events.length) {
        const waiting = await organizationsWaiting(em, this.name, [...new Set(events.map((e) => e.organization_id))]);
        // Events behind a failing one of their organization are queued; the others go as one batch
        // when the consumer takes batches, one by one when it does not or when the batch failed.
        const due = events.filter((e) => !waiting.has(e.organization_id));
        const batched = due.length > 1 && (await this.attemptBatch(em, due)) === undefined;
        for (const event of events) {
          if (waiting.has(event.organization_id)) {
            await queueDelivery(em, this.name, event, now);
            continue;
          }
          handed++;
          if (batched) continue;
          const error = await this.attempt(em, event, 1);
          if (error !== undefined && !(await this.failed(em, event, 1, error, now))) waiting.add(event.organization_id);
        }
        await moveCursor(em, this.name, position);
      }
      const heldBack = events.length < BATCH && (await eventsHeldBack(em, position, cursor));
      return { handed, moved: events.length, heldBack, full: events.length === BATCH };
    });
  }

  /** Hands one event to the consumer in a savepoint: undefined when it succeeded, else the error it threw. */
  private async attempt(em: EntityManager, row: OutboxRow, attempt: number): Promise<unknown> {
    const event = toRecordedEvent(row);
    try {
      await em.transactional((inner) => this.consume(inner, event));
      return undefined;
    } catch (err) {
      this.deps.metrics.outboxConsumerFailures.inc({ consumer: this.name });
      this.deps.log.error(
        { err, consumer: this.name, seq: event.seq, event: event.event, attempt },
        'event consumer failed',
      );
      return err ?? new Error('consumer threw without an error');
    }
  }

  /**
   * Hands events to the batch consumer in one savepoint: undefined when it succeeded, null when the
   * consumer takes no batches, else the error it threw (its writes rolled back).
   */
  private async attemptBatch(em: EntityManager, rows: OutboxRow[]): Promise<unknown> {
    const { consumeBatch } = this.options;
    if (!consumeBatch) return null;
    try {
      await em.transactional((inner) => consumeBatch(inner, rows.map(toRecordedEvent)));
      return undefined;
    } catch (err) {
      this.deps.log.warn(
        { err, consumer: this.name, events: rows.length, from: String(rows[0].seq) },
        'event consumer batch failed; handing its events one by one',
      );
      return err ?? new Error('consumer batch threw without an error');
    }
  }

  /** Records a failure; returns whether the event is now parked for this consumer. */
  private async failed(em: EntityManager, row: EventRow, failures: number, err: unknown, now: Date): Promise<boolean> {
    const { parked, nextAttemptAt } = afterFailure(this.deps.policy, failures, now);
    const lastError = (err instanceof Error ? err.message : String(err)).slice(0, 2000);
    await recordFailure(em, { consumer: this.name, row, attempts: failures, nextAttemptAt, now, lastError, parked });
    if (parked) {
      this.deps.metrics.outboxParked.inc({ consumer: this.name });
      this.deps.log.warn(
        { consumer: this.name, seq: String(row.seq), event: row.event, attempts: failures },
        'event parked for consumer',
      );
    }
    return parked;
  }
}
