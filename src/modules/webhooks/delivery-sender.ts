import type { Logger } from 'pino';
import type { Clock } from '../../core/clock';
import type { Orm } from '../../core/db/orm';
import type { RequestLoad } from '../../core/http/request-load';
import { finishedBefore, unhurried, type StopRequest } from '../../core/lifecycle';
import type { BackgroundWorker } from '../../core/module';
import type { AttemptResult, DeliveryAttempts } from './delivery-attempts';
import { lostRetryCutoff } from './delivery-policy';
import { YieldToRequests, sendAtOnce, type SendPacing } from './send-pacing';
import { WebhookDelivery } from './webhook-delivery.entity';
import { claimDue, type ClaimedDelivery } from './webhooks.queries';

/**
 * What a sender holds at most (claimed, being sent or being recorded), in rounds of its slots. It
 * claims again as soon as less than one round is waiting for a slot, so the slots never run dry while
 * a claim is under way, and a claimed delivery waits at most HELD_ROUNDS - 1 attempts' time for a slot:
 * its claim covers that (DeliveryAttempts.claimUntil). Measured (docs/benchmarks.md): claiming only
 * once the queue was empty, the fan-out took 3.7x its baseline.
 */
export const HELD_ROUNDS = 4;

/**
 * Sends due deliveries in the background of a worker process: first attempts, and deliveries whose
 * sender died or whose retry job was lost. It claims them in batches (FOR UPDATE SKIP LOCKED, then a
 * claim in claimed_until, so two processes never send one delivery at once) and sends them
 * `concurrency` at a time: a slow or dead endpoint holds only its own slots. Each slot takes the next
 * claimed delivery as soon as its attempt is sent; attempts are recorded behind the sends, those that
 * finished meanwhile together in one statement. Woken after the outbox consumer's pass commits, and
 * by a poll (deliveries another process wrote, claims that ran out, an automation's deliveries). In
 * ROLE=all its attempts yield to the process's HTTP requests (send-pacing.ts).
 */
export class DeliverySender implements BackgroundWorker {
  readonly name = 'webhook-sender';
  /** Claimed, waiting for a slot, in claim order. */
  private readonly queue: ClaimedDelivery[] = [];
  /** Attempts between launch and record. */
  private readonly inFlight = new Set<Promise<void>>();
  private sending = 0;
  /** Claims run one at a time, so deliveries are sent in the order claimed. */
  private claims: Promise<unknown> = Promise.resolve();
  private pumping: Promise<void> | null = null;
  private again = false;
  private readonly unrecorded: { result: AttemptResult; recorded: () => void }[] = [];
  private recording: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private stopped = true;
  private pacing: SendPacing = sendAtOnce;

  constructor(
    private readonly orm: Orm,
    private readonly clock: Clock,
    private readonly attempts: DeliveryAttempts,
    private readonly log: Logger,
    private readonly options: { concurrency: number; pollMs: number },
  ) {}

  /** `http` (ROLE=all): attempts yield to the process's HTTP requests (YieldToRequests). */
  start(http?: Pick<RequestLoad, 'busy'>): void {
    this.pacing = http ? new YieldToRequests(() => http.busy()) : sendAtOnce;
    this.stopped = false;
    this.timer ??= setInterval(() => this.wake(), this.options.pollMs);
    this.timer.unref();
  }

  /**
   * Stops claiming, gives back what it claimed and has not sent, and waits for the attempts under way
   * to be sent and recorded. When `request.cut` aborts first, the attempts still under way stay claimed:
   * each goes again (same delivery id) when its claim runs out, since it may have reached its endpoint.
   */
  async stop(request: StopRequest = unhurried()): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.pumping;
    await this.claims;
    await this.giveBack(this.queue.splice(0));
    await finishedBefore(Promise.all(this.inFlight), request.cut);
  }

  /** Claim what is due now (after a commit that wrote deliveries); coalesces with a claim under way. */
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

  /** Tests and the benchmark: claims and sends until nothing is due, then waits for every attempt's record. */
  async settle(): Promise<void> {
    for (;;) {
      await this.pumping;
      const claimed = await this.claim();
      if (claimed === 0 && this.inFlight.size === 0 && this.queue.length === 0) return;
      await Promise.race([...this.inFlight, new Promise((r) => setTimeout(r, 10))]);
    }
  }

  private async pump(): Promise<void> {
    do {
      this.again = false;
      while (!this.stopped && (await this.claim()) > 0);
    } while (this.again && !this.stopped);
  }

  /** Claims as many due deliveries as there is room for (see HELD_ROUNDS) and launches them; how many it claimed. */
  private claim(): Promise<number> {
    const claim = this.claims.then(async () => {
      if (this.stopped) return 0;
      const { concurrency } = this.options;
      const room = HELD_ROUNDS * concurrency - this.inFlight.size - this.queue.length;
      if (this.queue.length >= concurrency || room <= 0) return 0;
      const now = this.clock.now();
      const at = { now, until: this.attempts.claimUntil(now, HELD_ROUNDS), lostBefore: lostRetryCutoff(now) };
      const claimed = await claimDue(this.orm.em, at, room);
      this.queue.push(...claimed);
      this.launchQueued();
      return claimed.length;
    });
    this.claims = claim.catch(() => undefined);
    return claim;
  }

  private launchQueued(): void {
    while (
      !this.stopped &&
      this.sending < this.options.concurrency &&
      this.queue.length > 0 &&
      this.pacing.admit(() => this.launchQueued())
    )
      this.launch(this.queue.shift()!);
  }

  private launch(delivery: ClaimedDelivery): void {
    this.sending++;
    const attempt: Promise<void> = this.attempts
      .send(delivery)
      .finally(() => {
        // The slot is free as soon as the attempt is sent: the next claimed delivery goes at once.
        this.sending--;
        this.launchQueued();
        this.wake();
      })
      .then((result) => this.record(result))
      .catch((err) => this.log.error({ err, delivery: delivery.id }, 'webhook attempt failed'))
      .finally(() => this.inFlight.delete(attempt));
    this.inFlight.add(attempt);
  }

  /**
   * Resolves once the attempt is recorded: attempts that finish while a record statement runs are
   * recorded together by the next one. A batch that cannot be recorded is left claimed: each of its
   * deliveries is sent again when its claim runs out.
   */
  private record(result: AttemptResult): Promise<void> {
    return new Promise((recorded) => {
      this.unrecorded.push({ result, recorded });
      this.recording ??= this.recordAll();
    });
  }

  private async recordAll(): Promise<void> {
    try {
      while (this.unrecorded.length > 0) {
        const batch = this.unrecorded.splice(0);
        await this.attempts
          .record(batch.map((b) => b.result))
          .catch((err) => this.log.error({ err, deliveries: batch.length }, 'webhook attempts could not be recorded'));
        for (const b of batch) b.recorded();
      }
    } finally {
      this.recording = null;
    }
  }

  /** Claimed but not sent (the sender stops): given back, so any sender claims them now rather than when the claim runs out. */
  private async giveBack(deliveries: ClaimedDelivery[]): Promise<void> {
    if (deliveries.length === 0) return;
    await this.orm.em
      .fork()
      .nativeUpdate(
        WebhookDelivery,
        { id: { $in: deliveries.map((d) => d.id) }, status: 'PENDING' },
        { claimedUntil: this.clock.now() },
      )
      .catch((err) => this.log.error({ err }, 'webhook sender could not give back its claims'));
  }
}
