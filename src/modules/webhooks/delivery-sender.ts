import type { Logger } from 'pino';
import type { BackgroundWorker } from '../../core/module';
import type { ClaimedDelivery, WebhookDeliveriesService } from './webhook-deliveries.service';

/**
 * Sends first attempts (and deliveries a crashed sender left) in the background of a worker
 * process: claims as many as it has free slots, so a slow or dead endpoint holds only its own slots
 * while the others go on. Woken by the fan-out and by a short poll (the fan-out's transaction
 * commits after it returns, so the wake may come early; the poll catches that).
 */
export class DeliverySender implements BackgroundWorker {
  readonly name = 'webhook-sender';
  private readonly inFlight = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | null = null;
  private pumping: Promise<void> | null = null;
  private again = false;
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
      .attempt(delivery)
      .catch((err) => this.log.error({ err, delivery: delivery.id }, 'webhook attempt could not be recorded'))
      .finally(() => {
        this.inFlight.delete(sending);
        // A slot is free again: take the next due delivery.
        this.wake();
      });
    this.inFlight.add(sending);
  }
}
