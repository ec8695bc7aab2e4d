import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { Orm } from '../../core/db/orm';
import type { Clock } from '../../core/clock';
import type { RecordedEvent } from './event-outbox';

/** A consumer gets each event once per dispatch, inside the dispatch transaction (savepoint). */
export type EventConsumer = (em: EntityManager, event: RecordedEvent) => Promise<void>;

const BATCH = 100;

/**
 * Reads undispatched outbox rows (FOR UPDATE SKIP LOCKED, so several processes share the work),
 * hands each to every consumer and marks it dispatched in the same transaction. A process that
 * dies mid-batch rolls back and the rows are dispatched again: at-least-once.
 */
export class OutboxDispatcher {
  private readonly consumers: { name: string; consume: EventConsumer }[] = [];
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;

  constructor(
    private readonly orm: Orm,
    private readonly clock: Clock,
    private readonly log: Logger,
    private readonly pollMs = 500,
  ) {}

  subscribe(name: string, consume: EventConsumer): void {
    this.consumers.push({ name, consume });
  }

  start(): void {
    this.stopped = false;
    this.timer = setInterval(() => this.wake(), this.pollMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Ask for a dispatch soon (after a commit); coalesces with one already running. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .then(() => undefined)
      .catch((err) => this.log.error({ err }, 'outbox dispatch failed'))
      .finally(() => {
        this.running = null;
        if (this.again && !this.stopped) {
          this.again = false;
          this.wake();
        }
      });
  }

  /** Dispatches until nothing is pending; returns how many events were handed out. */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await this.dispatchBatch();
      total += n;
      if (n < BATCH) return total;
    }
  }

  private async dispatchBatch(): Promise<number> {
    if (this.consumers.length === 0) return 0;
    return this.orm.em.fork().transactional(async (em) => {
      const conn = em.getConnection();
      const trx = em.getTransactionContext();
      const rows = await conn.execute<
        { seq: string; event: string; organization_id: string; data: Record<string, unknown>; created_at: Date }[]
      >(
        'SELECT seq, event, organization_id, data, created_at FROM event_outbox WHERE dispatched_at IS NULL ORDER BY seq LIMIT ? FOR UPDATE SKIP LOCKED',
        [BATCH],
        'all',
        trx,
      );
      for (const r of rows) {
        const event: RecordedEvent = {
          seq: String(r.seq),
          event: r.event,
          organizationId: r.organization_id,
          data: r.data,
          createdAt: new Date(r.created_at).toISOString(),
        };
        for (const consumer of this.consumers) {
          try {
            await em.transactional((inner) => consumer.consume(inner, event));
          } catch (err) {
            this.log.error({ err, consumer: consumer.name, seq: event.seq, event: event.event }, 'event consumer failed');
          }
        }
      }
      if (rows.length > 0) {
        await conn.execute(
          'UPDATE event_outbox SET dispatched_at = ? WHERE seq = ANY(?::bigint[])',
          // A Postgres array literal: knex would expand a JS array into a list of bindings.
          [this.clock.now(), `{${rows.map((r) => String(r.seq)).join(',')}}`],
          'run',
          trx,
        );
      }
      return rows.length;
    });
  }
}
