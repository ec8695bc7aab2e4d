import type { Logger } from 'pino';
import type { BackgroundWorker } from '../../core/module';
import type { AttemptResult, ClaimedDelivery, WebhookDeliveriesService } from './webhook-deliveries.service';

/** The most deliveries one claim takes. */
const MAX_CLAIM = 500;
/** Deliveries held between claim and record at most: records run behind the sends without stopping them. */
const MAX_HELD = 4 * MAX_CLAIM;
/** Claimed ahead of the slots: what the sender sends in this long at its recent rate (at least one more round of slots). */
const AHEAD_MS = 1_000;
/** Records wait up to RECORD_GATHER_MS for RECORD_BATCH attempts to record together. */
const RECORD_BATCH = 64;
const RECORD_GATHER_MS = 10;
/** While the process serves HTTP requests, attempts wait for a gap, but at most this long between two launches. */
const MAX_YIELD_MS = 200;
/** How soon a held-back attempt looks for a gap again. */
const YIELD_RETRY_MS = 5;
/** A fan-out's reservation lapses after this long (its pass failed and never handed anything over). */
const RESERVATION_MS = 10_000;
/** The recent rate is measured over windows at least this long. */
const RATE_WINDOW_MS = 500;

/**
 * Sends first attempts (and deliveries a crashed sender left) in the background of a worker
 * process, `concurrency` at a time, so a slow or dead endpoint holds only its own slots while the
 * others go on. Woken after the fan-out commits (and by a short poll, for deliveries another
 * process wrote or a crashed sender left).
 *
 * Claiming, sending and recording overlap, so no slot waits for the database: a slot is free again
 * as soon as its attempt is sent and takes the next claimed delivery at once, and the sender claims
 * ahead of its slots (what it sends in AHEAD_MS at its recent rate, sent first in, first out). A
 * claimed delivery that waited locally so long that its lease could run out before it is recorded
 * is not sent: it is given back to be claimed again, so it is never sent twice.
 *
 * Its database work is kept to two connections of the app's pool, so it cannot starve the API's:
 * one claim at a time (a batch, one UPDATE … RETURNING) and one record at a time (the results of
 * attempts that finished meanwhile, gathered for up to RECORD_GATHER_MS, one UPDATE); at most
 * MAX_HELD deliveries are held between claim and record. Most first attempts need no claim at all:
 * the fan-out writes them claimed for this sender (reserve) and hands them over after its commit
 * (accept). In a process that also serves HTTP requests, attempts yield to them (see yielding).
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
  /** Set while attempts are held back for the process's HTTP requests (see yielding). */
  private yieldTimer: NodeJS.Timeout | null = null;
  private lastLaunch = 0;
  private pumping: Promise<void> | null = null;
  private claims: Promise<unknown> = Promise.resolve();
  private again = false;
  /** Sent attempts waiting for the recorder, with what to tell their slot once recorded. */
  private unrecorded: { result: AttemptResult; done: (err?: unknown) => void }[] = [];
  private recording: Promise<void> | null = null;
  private stopped = true;
  /** Attempts sent since start, and the window the recent rate (attempts per second) is measured over. */
  private sent = 0;
  private window = { start: performance.now(), sent: 0 };
  private rate = 0;
  /**
   * Deliveries the fan-out may write claimed for this sender in the pass under way (reserve →
   * accept), and when the pass reserved first: a pass that failed never calls accept, so a
   * reservation older than RESERVATION_MS no longer counts.
   */
  private reservation = { count: 0, at: 0 };

  constructor(
    private readonly deliveries: WebhookDeliveriesService,
    private readonly log: Logger,
    private readonly options: {
      concurrency: number;
      pollMs: number;
      leaseMs: number;
      /** True while the process's HTTP server is busy: attempts then go into its gaps (see yielding). */
      yieldTo?: () => boolean;
    },
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
    if (this.yieldTimer) clearTimeout(this.yieldTimer);
    this.yieldTimer = null;
    await this.pumping;
    await this.giveBack(this.queue.splice(0).map((q) => q.delivery.id));
    await Promise.all(this.inFlight);
    await this.recording;
  }

  /**
   * How many deliveries the fan-out in progress may write already claimed for this sender: its room
   * ahead of the slots, none when it is stopped. Counted as held until the pass is committed (accept).
   */
  reserve(): number {
    if (this.stopped) return 0;
    const room = this.room();
    if (this.reservation.count === 0) this.reservation.at = Date.now();
    this.reservation.count += room;
    return room;
  }

  /**
   * After the fan-out's pass committed: the deliveries it wrote claimed for this sender are queued
   * (after those claimed before), and the sender is woken to claim any it had no room for. Every
   * reservation of the pass ends here, for claims written or rolled back alike.
   */
  accept(claimed: readonly ClaimedDelivery[]): void {
    this.reservation = { count: 0, at: 0 };
    const claimedAt = Date.now();
    for (const delivery of claimed) this.queue.push({ delivery, claimedAt });
    if (this.stopped) {
      // Stopped meanwhile (stop() has taken the queue already).
      void this.giveBack(this.queue.splice(0).map((q) => q.delivery.id));
      return;
    }
    this.launchQueued();
    this.wake();
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
    const ahead = this.ahead();
    const limit = this.room(ahead);
    // While a round of slots is still queued, claims wait until they can take a quarter of what is held ahead: fewer, larger claims.
    if (limit <= 0 || (this.queue.length >= this.options.concurrency && limit < ahead / 4)) return 0;
    const claimed = await this.deliveries.claimDue(limit);
    const claimedAt = Date.now();
    for (const delivery of claimed) this.queue.push({ delivery, claimedAt });
    this.launchQueued();
    return claimed.length;
  }

  /** How many more deliveries may be claimed now: `ahead` less those held (queued, sending, reserved), within MAX_HELD. */
  private room(ahead = this.ahead()): number {
    if (this.reservation.count > 0 && Date.now() - this.reservation.at > RESERVATION_MS)
      this.reservation = { count: 0, at: 0 };
    const held = this.sending + this.queue.length + this.reservation.count;
    return Math.max(
      0,
      Math.min(ahead - held, MAX_HELD - this.inFlight.size - this.queue.length - this.reservation.count),
    );
  }

  /**
   * How many deliveries to hold claimed or sending: as many as the sender sent in AHEAD_MS at its
   * recent rate, so a fast receiver's deliveries are claimed in a few large batches and a slow one's
   * hardly ahead of the slots (a claim waiting longer than half its lease is not sent, see below).
   */
  private ahead(): number {
    const now = performance.now();
    if (now - this.window.start >= RATE_WINDOW_MS) {
      this.rate = ((this.sent - this.window.sent) * 1000) / (now - this.window.start);
      this.window = { start: now, sent: this.sent };
    }
    return Math.min(MAX_CLAIM, Math.max(2 * this.options.concurrency, Math.ceil((this.rate * AHEAD_MS) / 1000)));
  }

  /**
   * Whether to hold the next attempt back: the process is serving several HTTP requests and this
   * sender launched one less than MAX_YIELD_MS ago. Under a steady API load attempts go into the
   * gaps between requests, and at least one every MAX_YIELD_MS.
   */
  private yielding(): boolean {
    return this.options.yieldTo?.() === true && performance.now() - this.lastLaunch < MAX_YIELD_MS;
  }

  private launchQueued(): void {
    const expired: string[] = [];
    while (this.sending < this.options.concurrency && this.queue.length > 0) {
      if (this.yielding()) {
        // Looked at again shortly (a freed slot or a claim may also do it sooner).
        this.yieldTimer ??= setTimeout(() => {
          this.yieldTimer = null;
          this.launchQueued();
        }, YIELD_RETRY_MS);
        break;
      }
      const { delivery, claimedAt } = this.queue.shift()!;
      // Real time: sending must end (within the timeout) and be recorded well before the lease does.
      if (Date.now() - claimedAt > this.options.leaseMs / 2) {
        expired.push(delivery.id);
        continue;
      }
      this.launch(delivery);
    }
    if (expired.length === 0) return;
    this.log.warn(
      { deliveries: expired.length },
      'webhook deliveries waited too long for a slot; given back to be claimed again',
    );
    void this.giveBack(expired);
  }

  /**
   * Claimed but not sent: given back, so any sender (this one too, woken once they are back) claims
   * them now rather than when the lease runs out. Never throws.
   */
  private async giveBack(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    try {
      await this.deliveries.unclaim(ids);
      this.wake();
    } catch (err) {
      this.log.error({ err }, 'webhook sender could not give back its claims');
    }
  }

  private launch(delivery: ClaimedDelivery): void {
    this.sending++;
    this.lastLaunch = performance.now();
    let slotTaken = true;
    const freeSlot = () => {
      if (!slotTaken) return;
      slotTaken = false;
      this.sending--;
      this.sent++;
      // A slot is free again: the next claimed delivery goes at once (not after a claim under way), and more are claimed.
      this.launchQueued();
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
        // A few milliseconds to gather more: fewer, larger record statements (the slots are already free).
        if (this.unrecorded.length < RECORD_BATCH) await new Promise((r) => setTimeout(r, RECORD_GATHER_MS));
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
