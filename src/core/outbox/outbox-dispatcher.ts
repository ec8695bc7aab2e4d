import { Gauge } from 'prom-client';
import type { Logger } from 'pino';
import type { Orm } from '../db/orm';
import type { Clock } from '../clock';
import type { Metrics } from '../observability/metrics';
import { finishedBefore, unhurried, type StopRequest } from '../lifecycle';
import { OutboxConsumer, type ConsumerOptions, type EventConsumer } from './outbox-consumer';
import { countParked } from './outbox.queries';
import type { RetryPolicy } from './retry-policy';

export type { BatchConsumer, ConsumerOptions, EventConsumer } from './outbox-consumer';

export interface DispatcherOptions extends RetryPolicy {
  pollMs: number;
}

/** drain() waits this long at most for transactions that hold committed events back. */
const HELD_BACK_WAIT_MS = 5_000;
/**
 * A background dispatch (woken by the poll, see wake()) starts at least this long after the previous
 * one ended. It matters only when OUTBOX_POLL_MS is shorter than a pass plus this gap (it may be as
 * short as 10 ms): passes then take the events of many requests at once instead of running back to
 * back, and their fixed statements do not compete with the requests for the database and the CPU.
 */
const WAKE_GAP_MS = 25;

/**
 * Hands outbox events to every subscribed consumer, each from its own position (OutboxConsumer):
 * an event is done for a consumer when that consumer succeeded; a failing consumer gets it again
 * with backoff and finally parks it, while the others go on. Several processes share the outbox:
 * a consumer's position row is locked by one worker at a time (FOR UPDATE SKIP LOCKED).
 * At-least-once: a process that dies mid-pass rolls back, and the events are handed out again.
 *
 * A consumer subscribed for the first time starts at the events recorded from then on (see
 * OutboxConsumer.register), never at the whole history.
 *
 * Nothing wakes the dispatcher when a transaction commits: recording an event only inserts a row.
 * A worker finds new events by polling (every OUTBOX_POLL_MS) and once at start(); drain() (tests,
 * POST /api/test/jobs/run-due) dispatches at once. An event therefore waits up to one poll interval.
 */
export class OutboxDispatcher {
  private readonly consumers: OutboxConsumer[] = [];
  private readonly registrations = new Map<OutboxConsumer, Promise<void>>();
  private timer: NodeJS.Timeout | null = null;
  /** Every dispatch in this process runs on this chain, one at a time. */
  private lane: Promise<unknown> = Promise.resolve();
  private queued = false;
  private stopped = true;
  /** When the last background dispatch ended (real time). */
  private lastEnded = 0;

  constructor(
    private readonly orm: Orm,
    private readonly clock: Clock,
    private readonly log: Logger,
    private readonly metrics: Metrics,
    private readonly options: DispatcherOptions,
  ) {
    const { orm: db, log: logger } = this;
    new Gauge({
      name: 'outbox_parked_events',
      help: 'Events parked per consumer, waiting for an operator (npm run cli -- outbox:parked)',
      labelNames: ['consumer'],
      registers: [metrics.registry],
      async collect() {
        try {
          const rows = await countParked(db.em.fork());
          this.reset();
          for (const r of rows) this.set({ consumer: r.consumer }, Number(r.n));
        } catch (err) {
          logger.warn({ err }, 'could not count parked outbox events');
        }
      },
    });
  }

  /**
   * Resolves once the consumer is registered: events recorded after that reach it. `options` may add a
   * batch form of the consumer (see BatchConsumer) and a hook run after its passes commit.
   */
  subscribe(name: string, consume: EventConsumer, options: ConsumerOptions = {}): Promise<void> {
    if (this.consumers.some((c) => c.name === name)) throw new Error(`outbox consumer ${name} is subscribed twice`);
    const consumer = new OutboxConsumer(name, consume, options, {
      orm: this.orm,
      clock: this.clock,
      log: this.log,
      metrics: this.metrics,
      policy: this.options,
    });
    this.consumers.push(consumer);
    // Registered at once, so a consumer's history starts when it was subscribed, not when first polled.
    return this.registered(consumer).catch(() => undefined);
  }

  /** Resolves once every consumer so far is registered; then polls. */
  async start(): Promise<void> {
    this.stopped = false;
    this.timer ??= setInterval(() => this.wake(), this.options.pollMs);
    this.timer.unref();
    await Promise.all(this.consumers.map((c) => this.registered(c))).catch((err) =>
      this.log.error({ err }, 'outbox consumer registration failed'),
    );
    // What was recorded while no worker ran is taken at once, not after the first poll interval.
    this.wake();
  }

  /**
   * Stops polling and waits for the pass under way (a round ends after the pass of the consumer it is
   * at). A pass is one transaction: when `request.cut` aborts first, it is left to roll back when the
   * process exits, and its events go again to that consumer; returns what was cut then.
   */
  async stop(request: StopRequest = unhurried()): Promise<string[]> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    return (await finishedBefore(this.lane, request.cut)) ? [] : ['outbox dispatch'];
  }

  /**
   * Asks for a background dispatch soon; coalesces with one already waiting to run (see WAKE_GAP_MS).
   * Called by the poll timer and by start(), not by commits.
   */
  wake(): void {
    if (this.stopped || this.queued) return;
    this.queued = true;
    this.exclusive(async () => {
      // Real time, not the Clock: this spaces out work, it is no rule of the business.
      const gap = this.lastEnded + WAKE_GAP_MS - Date.now();
      if (gap > 0) await new Promise((resolve) => setTimeout(resolve, gap));
      this.queued = false;
      try {
        return await this.dispatch(false);
      } finally {
        this.lastEnded = Date.now();
      }
    }).catch((err) => this.log.error({ err }, 'outbox dispatch failed'));
  }

  /**
   * Dispatches until nothing is due for any consumer (waiting for a worker that holds a consumer,
   * and briefly for open transactions that hold committed events back); returns how many events
   * were handed out.
   */
  drain(): Promise<number> {
    return this.exclusive(() => this.dispatch(true));
  }

  private exclusive<T>(run: () => Promise<T>): Promise<T> {
    const result = this.lane.then(run);
    this.lane = result.catch(() => undefined);
    return result;
  }

  /**
   * Rounds of one pass per consumer: round robin, so under a steady stream of events (each pass
   * finding a few new ones) no consumer waits for another to run dry. drain() goes on until a round
   * finds nothing for any consumer; a background dispatch only while some pass was full (a backlog),
   * and events committed meanwhile are found by the next poll.
   */
  private async dispatch(wait: boolean): Promise<number> {
    let total = 0;
    const deadline = Date.now() + HELD_BACK_WAIT_MS;
    for (;;) {
      let heldBack = false;
      let again = false;
      for (const consumer of this.consumers) {
        await this.registered(consumer);
        const pass = await consumer.pass(wait);
        if (pass.handed > 0) consumer.committed();
        total += pass.handed;
        heldBack ||= pass.heldBack;
        again ||= wait ? pass.handed > 0 || pass.moved > 0 : pass.full;
        if (!wait && this.stopped) return total;
      }
      if (again) continue;
      // Real time, not the Clock: this waits for other transactions to finish, not for a rule.
      if (!wait || !heldBack || Date.now() > deadline) return total;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  private registered(consumer: OutboxConsumer): Promise<void> {
    let registration = this.registrations.get(consumer);
    if (!registration) {
      registration = consumer.register();
      this.registrations.set(consumer, registration);
      // A failed registration (database away) is tried again on the next dispatch.
      registration.catch((err) => {
        this.registrations.delete(consumer);
        this.log.error({ err, consumer: consumer.name }, 'outbox consumer registration failed');
      });
    }
    return registration;
  }
}
