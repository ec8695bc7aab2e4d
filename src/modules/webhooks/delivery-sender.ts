import type { Logger } from 'pino';
import type { BackgroundWorker } from '../../core/module';
import type { AttemptResult, ClaimedDelivery, WebhookDeliveriesService } from './webhook-deliveries.service';

/**
 * Sends first attempts (and deliveries a crashed sender left) in the background of a worker
 * process: claims as many as it has free slots, so a slow or dead endpoint holds only its own slots
 * while the others go on. Woken by the fan-out and by a short poll (the fan-out's transaction
 * commits after it returns, so the wake may come early; the poll catches that).
 *
 * Its database work is kept to two connections of the app's pool, so it cannot starve the API's:
 * one claim at a time (a batch of as many deliveries as there are free slots, one UPDATE … RETURNING)
 * and one record at a time (the results of every attempt that finished meanwhile, one UPDATE).
 * A slot stays taken until its attempt is recorded.
 */
export class DeliverySender implements BackgroundWorker {
  readonly name = 'webhook-sender';
  private readonly inFlight = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | null = null;
  private pumping: Promise<void> | null = null;
  private again = false;
  /** Sent attempts waiting for the recorder, with what to tell their slot once recorded. */
  private unrecorded: { result: AttemptResult; done: (err?: unknown) => void }[] = [];
  private recording: Promise<void> | null = null;
  private stopped = true;

  constructor(
    private readonly deliveries: WebhookDeliveriesService,
    private readonly log: Logger,
    private readonly options: { concurrency: number; pollMs: number },
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
      if (claimed === 0 && this.inFlight.size === 0) return;
      await Promise.race([...this.inFlight, new Promise((r) => setTimeout(r, 10))]);
    }
  }

  private async pump(): Promise<void> {
    do {
      this.again = false;
      while (!this.stopped && (await this.claimAndLaunch()) > 0);
    } while (this.again && !this.stopped);
  }

  private async claimAndLaunch(): Promise<number> {
    const free = this.options.concurrency - this.inFlight.size;
    if (free <= 0) return 0;
    const claimed = await this.deliveries.claimDue(free);
    for (const delivery of claimed) this.launch(delivery);
    return claimed.length;
  }

  private launch(delivery: ClaimedDelivery): void {
    const sending: Promise<void> = this.deliveries
      .sendAttempt(delivery)
      .then((result) => this.record(result))
      .catch((err) => this.log.error({ err, delivery: delivery.id }, 'webhook attempt could not be recorded'))
      .finally(() => {
        this.inFlight.delete(sending);
        // A slot is free again: take the next due delivery.
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
