import type { Logger } from 'pino';
import type { Clock } from '../../core/clock';
import type { Orm } from '../../core/db/orm';
import { isUuid } from '../../core/fields';
import type { Scheduler } from '../../core/jobs/scheduler';
import type { ServicesOf } from '../../core/module';
import type { notificationsModule } from '../notifications/notifications.module';
import { afterAttempt, type Verdict } from './delivery-policy';
import type { DeliveryAttempt } from './webhook-delivery.entity';
import type { SendOutcome, WebhookNetwork } from './webhook-network';
import type { SecretBox } from '../../core/secret-box';
import { openStored } from '../../core/sealed-secrets';
import { signBody, WEBHOOK_SECRET_PURPOSE } from './webhook-signature';
import { claimRetry, recordAttempts, type AttemptRecord, type ClaimedDelivery } from './webhooks.queries';

type NotificationsService = ServicesOf<typeof notificationsModule>['notifications'];

export const RETRY_JOB = 'webhook-delivery-retry';

/** What a POST of a delivery needs: its envelope (id, event, body) and its endpoint. */
export interface Envelope {
  id: string;
  event: string;
  body: string;
  url: string;
  /** The endpoint's secret as stored: sealed (opened only to sign). */
  secret: string;
}

/** A scheduled attempt of a claimed delivery, with what the retry policy makes of it: to be recorded. */
export interface AttemptResult {
  delivery: ClaimedDelivery;
  startedAt: Date;
  outcome: SendOutcome;
  verdict: Verdict;
}

const NOT_SENT: SendOutcome = {
  ok: false,
  statusCode: null,
  error: 'Not sent: the endpoint is inactive',
  durationMs: 0,
  responseBody: null,
};

const CANNOT_SIGN: SendOutcome = {
  ok: false,
  statusCode: null,
  error: 'Not sent: the endpoint secret cannot be opened with the master key of this process',
  durationMs: 0,
  responseBody: null,
};

/**
 * Attempts of deliveries: the signed POST, the policy's verdict, and the record (log entry, status,
 * notification of a delivery that FAILED, the Agenda job of its next attempt). The sender runs
 * first attempts through it; retries run as RETRY_JOB.
 */
export class DeliveryAttempts {
  constructor(
    private readonly orm: Orm,
    private readonly clock: Clock,
    private readonly scheduler: Scheduler,
    private readonly network: WebhookNetwork,
    private readonly notifications: NotificationsService,
    private readonly log: Logger,
    private readonly timeoutMs: number,
    private readonly secretBox: SecretBox,
  ) {}

  /**
   * Until when a claim taken now holds: for `rounds` attempts (a sender's claims may wait for a
   * slot, see HELD_ROUNDS) and a minute to record the result. A claim older than this belongs to a
   * sender that died, and the delivery is sent again (at-least-once).
   */
  claimUntil(now: Date, rounds = 1): Date {
    return new Date(now.getTime() + rounds * this.timeoutMs + 60_000);
  }

  /** POSTs the envelope signed, with its headers; never throws (a crash is a failed attempt). */
  post(envelope: Envelope): Promise<SendOutcome> {
    let signature: string;
    try {
      signature = signBody(openStored(this.secretBox, envelope.secret, WEBHOOK_SECRET_PURPOSE), envelope.body);
    } catch (err) {
      // Sealed under another master key than this process has (a rotation while it ran): not sent.
      this.log.error({ err, delivery: envelope.id }, 'webhook secret cannot be opened with the master key');
      return Promise.resolve({ ...CANNOT_SIGN });
    }
    return this.network
      .post(envelope.url, envelope.body, {
        'x-faktura-signature': signature,
        'x-faktura-event': envelope.event,
        'x-faktura-delivery': envelope.id,
      })
      .catch((err: Error) => {
        this.log.error({ err, delivery: envelope.id }, 'webhook attempt crashed');
        return {
          ok: false,
          statusCode: null,
          error: 'Internal error while sending',
          durationMs: 0,
          responseBody: null,
        };
      });
  }

  /** Sends the next scheduled attempt of a claimed delivery; one whose endpoint was disabled meanwhile is not sent, and FAILED. */
  async send(delivery: ClaimedDelivery): Promise<AttemptResult> {
    const startedAt = this.clock.now();
    if (!delivery.endpointActive)
      return { delivery, startedAt, outcome: NOT_SENT, verdict: { status: 'FAILED', nextAttemptAt: null } };
    const outcome = await this.post(delivery);
    return {
      delivery,
      startedAt,
      outcome,
      verdict: afterAttempt(delivery.attemptsMade + 1, outcome.ok, this.clock.now()),
    };
  }

  /**
   * Records attempts, any number at once: one UPDATE, in the same transaction the notifications of
   * those that FAILED (when none did, the UPDATE is the transaction); then the retries' Agenda jobs.
   */
  async record(results: readonly AttemptResult[]): Promise<void> {
    if (results.length === 0) return;
    const now = this.clock.now();
    const records = results.map((r): AttemptRecord => ({
      id: r.delivery.id,
      attempt: attemptOf(r.startedAt, r.outcome),
      status: r.verdict.status,
      attemptsMade: r.delivery.attemptsMade + 1,
      nextAttemptAt: r.verdict.nextAttemptAt,
    }));
    const failed = results.filter((r) => r.verdict.status === 'FAILED' && r.delivery.endpointActive);
    if (failed.length === 0) {
      await recordAttempts(this.orm.em, now, records);
    } else {
      await this.orm.em.fork().transactional(async (em) => {
        await recordAttempts(em, now, records);
        for (const { delivery, outcome } of failed) {
          this.notifications.raise(em, delivery.organizationId, {
            type: 'webhook.delivery_failed',
            title: `Webhook "${delivery.endpointName}" failed`,
            message: `Delivery ${delivery.id} of ${delivery.event} to ${delivery.url} failed after ${delivery.attemptsMade + 1} attempts; last error: ${outcome.error}. The endpoint stays active.`,
            webhookId: delivery.endpointId,
          });
        }
        await em.flush();
      });
    }
    // After the commit: a crash in between leaves a PENDING retry without its job; the sender takes it later (lostRetryCutoff).
    for (const r of results)
      if (r.verdict.nextAttemptAt)
        await this.scheduler.schedule(RETRY_JOB, r.verdict.nextAttemptAt, { deliveryId: r.delivery.id });
  }

  /** RETRY_JOB, attempts 2 and 3: sends the delivery if it is still due and no one else holds it. */
  async retry(deliveryId: string): Promise<void> {
    if (!isUuid(deliveryId)) return;
    const now = this.clock.now();
    const claimed = await claimRetry(this.orm.em, deliveryId, { now, until: this.claimUntil(now) });
    if (claimed) await this.record([await this.send(claimed)]);
  }
}

/** An attempt as the log shows it, numbered by the record (its place in the log). */
export function attemptOf(at: Date, outcome: SendOutcome): Omit<DeliveryAttempt, 'number'> {
  return {
    at: at.toISOString(),
    statusCode: outcome.statusCode,
    error: outcome.error,
    durationMs: outcome.durationMs,
    responseBody: outcome.responseBody,
  };
}
