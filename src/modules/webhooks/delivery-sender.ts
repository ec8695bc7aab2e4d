import type { Logger } from 'pino';
import type { BackgroundWorker } from '../../core/module';
import type { AttemptResult, ClaimedDelivery, WebhookDeliveriesService } from './webhook-deliveries.service';

/** Deliveries held between claim and record, per slot: records run behind the sends without stopping them. */
const MAX_HELD = 8;

/**
 * Sends first attempts (and deliveries a crashed sender left) in the background of a worker
 * process, `concurrency` at a time, so a slow or dead endpoint holds only its own slots while the
 * others go on. Woken after the fan-out commits (and by a short poll, for deliveries another
 * process wrote or a crashed sender left).
 *
 * Claiming, sending and recording overlap, so no slot waits for the database: a slot is free again
 * as soon as its attempt is sent, and the sender claims ahead of its free slots (at most another
 * `concurrency` deliveries, sent first in, first out). A claimed delivery that waited locally so
 * long that its lease could run out before it is recorded is not sent: it is left to be claimed
 * again when the lease has run out, so it is never sent twice.
 *
 * Its database work is kept to two connections of the app's pool, so it cannot starve the API's:
 * one claim at a time (a batch, one UPDATE … RETURNING) and one record at a time (the results of
 * every attempt that finished meanwhile, one UPDATE); at most MAX_HELD x `concurrency` deliveries are
 * held between claim and record.
 */
export class DeliverySender implements BackgroundWorker {
  readonly name = 'webhook-sender';
  /** Attempts between launch and record. */
  private readonly inFlight = new Set<Promise<void>>();
  /** Claimed, waiting for a free slot (real time of the claim). */
  private readonly queue: { delivery: ClaimedDelivery; claimedAt: number }[] = [];
  /** Attempts being sent (the slots taken). */
  private sending = 0;
  private timer: NodeJS.Timeout | null = null;
  private pumping: Promise<void> | null = null;
  private claims: Promise<unknown> = Promise.resolve();
  private again = false;
  /** Sent attempts waiting for the recorder, with what to tell their slot once recorded. */
  private unrecorded: { result: AttemptResult; done: (err?: unknown) => void }[] = [];
  private recording: Promise<void> | null = null;
  private stopped = true;

  constructor(
    private readonly deliveries: WebhookDeliveriesService,
    private readonly log: Logger,
    private readonly options: { concurrency: number; pollMs: number; leaseMs: number },
  ) {}

  start(): void {
    this.stopped = false;
    this.timer ??= setInterval(() => this.wake(), this.options.pollMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.pumping;
    // Claimed but not sent: given back, so another sender takes them now rather than when the lease runs out.
    const unsent = this.queue.splice(0).map((q) => q.delivery.id);
    await this.deliveries.unclaim(unsent).catch((err) => this.log.error({ err }, 'webhook sender could not give back its claims'));
    await Promise.all(this.inFlight);
    await this.recording;
  }

  wake(): void {
    if (this.stopped) return;
    if (this.pumping) {
      this.again = true;
      return;
    }
    this.pumping = this.pump()
      .catch((err) => this.log.error({ err }, 'webhook sender could not claim deliveries'))
      .finally(() => {
        this.pumping = null;
      });
  }

  /** Tests and the benchmark: claims and sends until nothing is due, then waits for every send. */
  async settle(): Promise<void> {
    for (;;) {
      await this.pumping;
      const claimed = await this.claimAndLaunch();
      if (claimed === 0 && this.inFlight.size === 0 && this.queue.length === 0) return;
      await Promise.race([...this.inFlight, new Promise((r) => setTimeout(r, 10))]);
    }
  }

  private async pump(): Promise<void> {
    do {
      this.again = false;
      while (!this.stopped && (await this.claimAndLaunch()) > 0);
    } while (this.again && !this.stopped);
  }

  /** One claim at a time (the pump's and settle()'s), so deliveries are sent in the order claimed. */
  private claimAndLaunch(): Promise<number> {
    const claim = this.claims.then(() => this.claimOnce());
    this.claims = claim.catch(() => undefined);
    return claim;
  }

  private async claimOnce(): Promise<number> {
    this.launchQueued();
    const { concurrency } = this.options;
    const limit = Math.min(2 * concurrency - this.sending - this.queue.length, MAX_HELD * concurrency - this.inFlight.size - this.queue.length);
    if (limit <= 0) return 0;
    const claimed = await this.deliveries.claimDue(limit);
    const claimedAt = Date.now();
    for (const delivery of claimed) this.queue.push({ delivery, claimedAt });
    this.launchQueued();
    return claimed.length;
  }

  private launchQueued(): void {
    while (this.sending < this.options.concurrency && this.queue.length > 0) {
      const { delivery, claimedAt } = this.queue.shift()!;
      // Real time: sending must end (within the timeout) and be recorded well before the lease does.
      if (Date.now() - claimedAt > this.options.leaseMs / 2) {
        this.log.warn({ delivery: delivery.id }, 'webhook delivery waited too long for a slot; left to be claimed again');
        continue;
      }
      this.launch(delivery);
    }
  }

  private launch(delivery: ClaimedDelivery): void {
    this.sending++;
    let slotTaken = true;
    const freeSlot = () => {
      if (!slotTaken) return;
      slotTaken = false;
      this.sending--;
      // A slot is free again: take the next delivery.
      this.wake();
    };
    const sending: Promise<void> = this.deliveries
      .sendAttempt(delivery)
      .then((result) => {
        freeSlot();
        return this.record(result);
      })
      .catch((err) => this.log.error({ err, delivery: delivery.id }, 'webhook attempt could not be recorded'))
      .finally(() => {
        this.inFlight.delete(sending);
        freeSlot();
        this.wake();
      });
    this.inFlight.add(sending);
  }

  /** Resolves once the attempt is recorded (in a batch with those that finished around it). */
  private record(result: AttemptResult): Promise<void> {
    return new Promise((resolve, reject) => {
      this.unrecorded.push({ result, done: (err) => (err === undefined ? resolve() : reject(err)) });
      this.recording ??= this.recordAll();
    });
  }

  private async recordAll(): Promise<void> {
    try {
      while (this.unrecorded.length > 0) {
        const batch = this.unrecorded;
        this.unrecorded = [];
        // A failed batch is left claimed: each delivery is sent again when its claim runs out.
        const err = await this.deliveries.recordAttempts(batch.map((b) => b.result)).then(
          () => undefined,
          (e: unknown) => e ?? new Error('recording failed'),
        );
        for (const b of batch) b.done(err);
      }
    } finally {
      // In the same synchronous step as the last check above: a result pushed later starts a new loop.
      this.recording = null;
    }
  }
}
