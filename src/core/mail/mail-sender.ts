import type { Logger } from 'pino';
import type { BackgroundWorker } from '../module';
import type { ClaimedEmail, MailQueue } from './mail-queue';

/**
 * Sends the queue's due e-mails in the background of a worker process (ROLE worker or all), up to
 * `concurrency` at a time: it claims only as many as it has free slots, and each slot that finishes
 * claims again, so a mail server that hangs holds only the slots of the e-mails waiting for it (each
 * at most the SMTP timeouts). Woken after an automations pass commits and by a poll (e-mails another
 * process wrote, retries that came due, claims that ran out).
 *
 * stop() claims nothing more and waits for the attempts under way to be sent and recorded: nothing it
 * claimed is left to be sent again by another worker.
 */
export class MailSender implements BackgroundWorker {
  readonly name = 'mail-sender';
  private readonly inFlight = new Set<Promise<void>>();
  private claiming: Promise<number> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  private stopped = true;

  constructor(
    private readonly queue: Pick<MailQueue, 'claimDue' | 'deliver'>,
    private readonly log: Logger,
    private readonly options: { concurrency: number; pollMs: number },
  ) {}

  start(): void {
    this.stopped = false;
    this.timer ??= setInterval(() => this.wake(), this.options.pollMs);
    this.timer.unref();
    this.wake();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.claiming?.catch(() => undefined);
    await Promise.all(this.inFlight);
  }

  /** Claims what is due now; coalesces with a claim under way. */
  wake(): void {
    void this.claim().catch((err) => this.log.error({ err }, 'mail sender could not claim e-mails'));
  }

  /** Tests (POST /api/test/jobs/run-due): sends until nothing is due and every attempt is recorded. */
  async settle(): Promise<void> {
    for (;;) {
      // A claim of its own, begun after any under way: one that began before may have missed a commit.
      while (this.claiming) await this.claiming.catch(() => 0);
      const claimed = await this.claim().catch(() => 0);
      if (claimed === 0 && this.inFlight.size === 0) return;
      if (this.inFlight.size > 0) await Promise.race(this.inFlight);
    }
  }

  private claim(): Promise<number> {
    if (this.claiming) {
      this.again = true;
      return this.claiming;
    }
    const claiming = this.fill().finally(() => {
      this.claiming = null;
      if (this.again) {
        this.again = false;
        this.wake();
      }
    });
    this.claiming = claiming;
    return claiming;
  }

  /** Claims for the free slots until there are none or nothing more is due; how many it claimed. */
  private async fill(): Promise<number> {
    let total = 0;
    for (;;) {
      const room = this.options.concurrency - this.inFlight.size;
      if (this.stopped || room <= 0) return total;
      const claimed = await this.queue.claimDue(room);
      for (const email of claimed) this.launch(email);
      total += claimed.length;
      if (claimed.length < room) return total;
    }
  }

  private launch(email: ClaimedEmail): void {
    const attempt: Promise<void> = this.queue
      .deliver(email)
      .then(
        () => undefined,
        (err) => this.log.error({ err, emailId: email.id }, 'e-mail attempt failed'),
      )
      .finally(() => {
        this.inFlight.delete(attempt);
        this.wake();
      });
    this.inFlight.add(attempt);
  }
}
