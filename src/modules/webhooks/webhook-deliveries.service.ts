import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { Clock } from '../../core/clock';
import { orgId, type RequestContext } from '../../core/ctx';
import type { Orm } from '../../core/db/orm';
import { executeBound, executePrepared, prepare } from '../../core/db/prepared-statement';
import { isUuid } from '../../core/fields';
import type { Scheduler } from '../../core/jobs/scheduler';
import { newestFirst } from '../../core/pagination';
import { parseInput, type Page } from '../../core/validation';
import type { RecordedEvent } from '../../core/outbox/event-outbox';
import type { NotificationsService } from '../notifications/notifications.service';
import { WebhookDelivery, type DeliveryAttempt, type DeliveryStatus } from './webhook-delivery.entity';
import type { WebhookEndpoint } from './webhook-endpoint.entity';
import type { WebhookEndpointsService } from './webhook-endpoints.service';
import type { SendOutcome, WebhookNetwork } from './webhook-network';
import { signBody } from './webhook-signature';
import { DeliveryInProgress, DeliveryNotFound } from './webhooks.errors';
import type { WebhookTestPayload } from './webhook.events';
import { listDeliveriesQuery } from './webhooks.inputs';

export const RETRY_JOB = 'webhook-delivery-retry';
export const MAX_ATTEMPTS = 3;
/** Wait before attempt n+1 after attempt n failed (DESIGN 5): 1 minute, then 5 minutes. */
const RETRY_DELAY_SECONDS: Record<number, number> = { 1: 60, 2: 300 };

export interface DeliveryView {
  id: string;
  event: string;
  status: DeliveryStatus;
  createdAt: string;
  attempts: DeliveryAttempt[];
}

export interface TestResult {
  delivered: boolean;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

/** A delivery claimed by this process, with what sending it needs. */
export interface ClaimedDelivery {
  id: string;
  organization_id: string;
  endpoint_id: string;
  event: string;
  body: string;
  attempts_made: number;
  logged: number;
  url: string;
  secret: string;
  name: string;
  is_active: boolean;
}

/** One sent attempt, waiting to be recorded. */
export interface AttemptResult {
  claimed: ClaimedDelivery;
  outcome: SendOutcome;
  startedAt: Date;
  now: Date;
  number: number;
  status: DeliveryStatus;
  nextAttemptAt: Date | null;
}

interface RecordRow {
  claimed: ClaimedDelivery;
  outcome: SendOutcome;
  at: Date;
  now: Date;
  attemptsMade?: number;
  status: DeliveryStatus;
  nextAttemptAt?: Date | null;
}

const CLAIMED_COLUMNS = `d.id, d.organization_id, d.endpoint_id, d.event, d.body, d.attempts_made, jsonb_array_length(d.attempts) AS logged,
  e.url, e.secret, e.name, e.is_active`;

/**
 * A retry whose Agenda job has not sent it this long after it was due is taken by the sender: its job
 * was lost (a crash between recording the failed attempt and scheduling the job).
 */
const ORPHANED_RETRY_SECONDS = 300;

/** The sender's claim (see claimDue): a named statement, planned once per connection. */
const CLAIM_DUE = prepare(
  'webhooks_claim_due',
  `WITH claimed AS (
     UPDATE webhook_deliveries d SET claimed_until = ? FROM webhook_endpoints e
     WHERE e.id = d.endpoint_id AND d.id IN (
       SELECT id FROM webhook_deliveries WHERE status = 'PENDING' AND next_attempt_at <= ?
         AND ((attempts_made = 0 AND claimed_until IS NULL) OR claimed_until < ?
              OR (claimed_until IS NULL AND next_attempt_at < ?::timestamptz - make_interval(secs => ${ORPHANED_RETRY_SECONDS})))
       ORDER BY next_attempt_at LIMIT ? FOR UPDATE SKIP LOCKED)
     RETURNING ${CLAIMED_COLUMNS}, d.next_attempt_at)
   SELECT * FROM claimed ORDER BY next_attempt_at`,
);

function view(d: WebhookDelivery): DeliveryView {
  return { id: d.id, event: d.event, status: d.status, createdAt: d.createdAt.toISOString(), attempts: d.attempts };
}

/**
 * Deliveries: the outbox fan-out writes one row per (event, endpoint) in the consumer's transaction;
 * sending happens outside it, by a sender that first claims the row (FOR UPDATE SKIP LOCKED, then a
 * lease in claimed_until), so two worker processes send each delivery once. A crash between sending
 * and recording leaves the lease to run out and the delivery is sent again (at-least-once).
 */
export class WebhookDeliveriesService {
  constructor(
    private readonly orm: Orm,
    private readonly clock: Clock,
    private readonly scheduler: Scheduler,
    private readonly network: WebhookNetwork,
    private readonly endpoints: WebhookEndpointsService,
    private readonly notifications: NotificationsService,
    private readonly log: Logger,
    private readonly timeoutMs: number,
  ) {}

  /**
   * The outbox consumer, for one event or a dispatcher pass's batch: one PENDING delivery per active
   * endpoint of the event's organization listing the event, all in one INSERT … SELECT. The sender
   * claims in order of next_attempt_at: the n-th event of a batch is due n microseconds after the
   * fan-out's time, so a batch is sent in the order of its events (and after the batches before). The body is the envelope
   * {id, event, timestamp, data} exactly as JSON.stringify writes it: the id (a UUID, nothing to
   * escape) is spliced in front of the rest.
   *
   * The first `claim` deliveries are written already claimed (leased) by this process's sender and
   * returned, to be handed to it once the transaction commits: no claim statement, no wait for one.
   * Rolled back, they never existed; a process that dies before sending them leaves them to be
   * claimed by any sender when the lease runs out (at-least-once, as for any claim).
   */
  async fanOut(em: EntityManager, events: readonly RecordedEvent[], claim = 0): Promise<ClaimedDelivery[]> {
    const now = this.clock.now();
    // The envelope's timestamp is when the event happened (its outbox record), the same in every batch and retry.
    const batch = events.map((e, ord) => ({
      ord,
      organization_id: e.organizationId,
      event: e.event,
      rest: JSON.stringify({ event: e.event, timestamp: e.createdAt, data: e.data }).slice(1),
    }));
    if (batch.length === 0) return [];
    return executeBound<ClaimedDelivery>(
      em,
      `WITH written AS (
         INSERT INTO webhook_deliveries (id, organization_id, endpoint_id, event, body, status, attempts_made, attempts, next_attempt_at, claimed_until, created_at, updated_at)
         SELECT x.id, x.organization_id, x.endpoint_id, x.event, '{"id":"' || x.id::text || '",' || x.rest, 'PENDING', 0, '[]'::jsonb,
           ?::timestamptz + make_interval(secs => x.ord / 1e6), CASE WHEN x.n <= ? THEN ?::timestamptz END, ?, ?
         FROM (SELECT gen_random_uuid() AS id, b.ord, b.organization_id, e.id AS endpoint_id, b.event, b.rest,
                 row_number() OVER (ORDER BY b.ord, e.created_at, e.id) AS n
               FROM jsonb_to_recordset(?::jsonb) AS b(ord integer, organization_id uuid, event text, rest text)
               JOIN webhook_endpoints e ON e.organization_id = b.organization_id AND e.is_active AND e.events @> jsonb_build_array(b.event)
               ORDER BY b.ord, e.created_at, e.id) x
         RETURNING id, organization_id, endpoint_id, event, body, next_attempt_at, claimed_until)
       SELECT d.id, d.organization_id, d.endpoint_id, d.event, d.body, 0 AS attempts_made, 0 AS logged, e.url, e.secret, e.name, e.is_active
       FROM written d JOIN webhook_endpoints e ON e.id = d.endpoint_id WHERE d.claimed_until IS NOT NULL ORDER BY d.next_attempt_at`,
      [now, claim, this.lease(now), now, now, JSON.stringify(batch)],
    );
  }

  /**
   * An automation's TRIGGER_WEBHOOK: one PENDING delivery of the custom event per active endpoint of
   * the organization listing it, in the caller's transaction; sent, retried and logged like any
   * delivery. The event happens now (it has no outbox record). Returns the delivery (envelope) ids.
   */
  async deliverCustomEvent(
    em: EntityManager,
    organizationId: string,
    event: string,
    data: Record<string, unknown>,
  ): Promise<string[]> {
    const now = this.clock.now();
    const rest = JSON.stringify({ event, timestamp: now.toISOString(), data }).slice(1);
    const rows = await em.getConnection().execute<{ id: string }[]>(
      `INSERT INTO webhook_deliveries (id, organization_id, endpoint_id, event, body, status, attempts_made, attempts, next_attempt_at, claimed_until, created_at, updated_at)
       SELECT x.id, ?, x.endpoint_id, ?, '{"id":"' || x.id::text || '",' || ?::text, 'PENDING', 0, '[]'::jsonb, ?, NULL, ?, ?
       FROM (SELECT gen_random_uuid() AS id, e.id AS endpoint_id FROM webhook_endpoints e
             WHERE e.organization_id = ? AND e.is_active AND e.events @> ?::jsonb ORDER BY e.created_at, e.id) x
       RETURNING id`,
      [organizationId, event, rest, now, now, now, organizationId, JSON.stringify([event])],
      'all',
      em.getTransactionContext(),
    );
    return rows.map((r) => r.id);
  }

  /**
   * Claims up to `limit` first attempts that are due, deliveries whose sender's lease ran out (it
   * crashed mid-send), and retries overdue by ORPHANED_RETRY_SECONDS (their job was lost), in order
   * of next_attempt_at. Retries on time are not taken here: their Agenda job sends them.
   */
  async claimDue(limit: number): Promise<ClaimedDelivery[]> {
    const now = this.clock.now();
    return executePrepared<ClaimedDelivery>(this.orm.em, CLAIM_DUE, [this.lease(now), now, now, now, limit]);
  }
  /** Gives back claims of deliveries not sent (the sender is stopping): any sender may claim them again at once. */
  async unclaim(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.orm.em.getConnection().execute(
      `UPDATE webhook_deliveries SET claimed_until = ? WHERE id = ANY(?::uuid[]) AND status = 'PENDING'`,
      // A Postgres array literal: knex would expand a JS array into a list of bindings.
      [this.clock.now(), `{${ids.join(',')}}`],
    );
  }

  /** The Agenda job of attempts 2 and 3: sends the delivery if it is still due and no one else holds it. */
  async retry(deliveryId: string): Promise<void> {
    if (!isUuid(deliveryId)) return;
    const now = this.clock.now();
    const [claimed] = await this.orm.em.getConnection().execute<ClaimedDelivery[]>(
      `UPDATE webhook_deliveries d SET claimed_until = ? FROM webhook_endpoints e
       WHERE e.id = d.endpoint_id AND d.id = (
         SELECT id FROM webhook_deliveries WHERE id = ? AND status = 'PENDING' AND next_attempt_at <= ?
           AND (claimed_until IS NULL OR claimed_until < ?) FOR UPDATE SKIP LOCKED)
       RETURNING ${CLAIMED_COLUMNS}`,
      [this.lease(now), deliveryId, now, now],
    );
    if (claimed) await this.attempt(claimed);
  }

  /** Sends one scheduled attempt of a claimed delivery and records it; schedules the next or gives up. */
  async attempt(claimed: ClaimedDelivery): Promise<void> {
    await this.recordAttempts([await this.sendAttempt(claimed)]);
  }

  /** Sends one scheduled attempt of a claimed delivery; recordAttempts records it. */
  async sendAttempt(claimed: ClaimedDelivery): Promise<AttemptResult> {
    const number = claimed.attempts_made + 1;
    const startedAt = this.clock.now();
    // isActive false stops deliveries: a delivery whose endpoint was disabled meanwhile is not sent.
    const outcome = claimed.is_active
      ? await this.send(claimed)
      : { ok: false, statusCode: null, error: 'Not sent: the endpoint is inactive', durationMs: 0, responseBody: null };
    const retryIn = RETRY_DELAY_SECONDS[number];
    const status: DeliveryStatus = outcome.ok
      ? 'DELIVERED'
      : claimed.is_active && retryIn && number < MAX_ATTEMPTS
        ? 'PENDING'
        : 'FAILED';
    const now = this.clock.now();
    const nextAttemptAt = status === 'PENDING' ? new Date(now.getTime() + retryIn * 1000) : null;
    return { claimed, outcome, startedAt, now, number, status, nextAttemptAt };
  }

  /**
   * Records sent attempts, any number in one transaction (the sender batches what finished while
   * the previous batch was being recorded): one UPDATE for all, in the same transaction the
   * notifications of those that FAILED (when none did, the UPDATE is the transaction), then the
   * Agenda jobs of the retries.
   */
  async recordAttempts(results: AttemptResult[]): Promise<void> {
    if (results.length === 0) return;
    const rows = results.map((r) => ({
      claimed: r.claimed,
      outcome: r.outcome,
      at: r.startedAt,
      now: r.now,
      attemptsMade: r.number,
      status: r.status,
      nextAttemptAt: r.nextAttemptAt,
    }));
    const failed = results.filter((r) => r.status === 'FAILED' && r.claimed.is_active);
    if (failed.length === 0) {
      // Nothing to commit with it: the UPDATE alone, as its own transaction (one round trip).
      await this.record(this.orm.em, rows);
    } else {
      await this.orm.em.fork().transactional(async (em) => {
        await this.record(em, rows);
        for (const { claimed, outcome, number } of failed) {
          this.notifications.raise(em, claimed.organization_id, {
            type: 'webhook.delivery_failed',
            title: `Webhook "${claimed.name}" failed`,
            message: `Delivery ${claimed.id} of ${claimed.event} to ${claimed.url} failed after ${number} attempts; last error: ${outcome.error}. The endpoint stays active.`,
            webhookId: claimed.endpoint_id,
          });
        }
        await em.flush();
      });
    }
    // After the commit: a crash in between leaves a PENDING delivery without its job; the sender takes it ORPHANED_RETRY_SECONDS after it was due.
    for (const r of results)
      if (r.nextAttemptAt) await this.scheduler.schedule(RETRY_JOB, r.nextAttemptAt, { deliveryId: r.claimed.id });
  }

  /** Sends the same envelope (same id and body) again as a new attempt; no retries follow it. */
  async replay(ctx: RequestContext, endpointId: string, deliveryId: string): Promise<DeliveryView> {
    const organizationId = orgId(ctx);
    await this.endpoints.find(ctx.em, organizationId, endpointId);
    if (!isUuid(deliveryId)) throw new DeliveryNotFound();
    const now = this.clock.now();
    const [claimed] = await ctx.em
      .getConnection()
      .execute<(ClaimedDelivery & { free: boolean; status: DeliveryStatus })[]>(
        `UPDATE webhook_deliveries d SET claimed_until = CASE WHEN d.claimed_until IS NULL OR d.claimed_until < ? THEN ?::timestamptz ELSE d.claimed_until END
       FROM webhook_endpoints e, (SELECT id, (claimed_until IS NULL OR claimed_until < ?) AS free FROM webhook_deliveries WHERE id = ? FOR UPDATE) old
       WHERE e.id = d.endpoint_id AND d.id = old.id AND d.endpoint_id = ? AND d.organization_id = ?
       RETURNING ${CLAIMED_COLUMNS}, old.free, d.status`,
        [now, this.lease(now), now, deliveryId, endpointId, organizationId],
      );
    if (!claimed) throw new DeliveryNotFound();
    if (!claimed.free) throw new DeliveryInProgress();
    const outcome = await this.send(claimed);
    await this.orm.em
      .fork()
      .transactional((em) =>
        this.record(em, [
          { claimed, outcome, at: now, now: this.clock.now(), status: outcome.ok ? 'DELIVERED' : claimed.status },
        ]),
      );
    const row = await this.orm.em.fork().findOneOrFail(WebhookDelivery, { id: deliveryId });
    return view(row);
  }

  /** POST /webhooks/:id/test: exactly one attempt of webhook.test, no retries; logged like any delivery. */
  async test(ctx: RequestContext, endpointId: string): Promise<TestResult> {
    const organizationId = orgId(ctx);
    const endpoint = await this.endpoints.find(ctx.em, organizationId, endpointId);
    const id = randomUUID();
    const now = this.clock.now();
    const data: WebhookTestPayload = {
      message: `Test delivery from Faktura to ${endpoint.name}`,
      webhookId: endpoint.id,
    };
    const body = JSON.stringify({ id, event: 'webhook.test', timestamp: now.toISOString(), data });
    const outcome = await this.send({ id, event: 'webhook.test', body, url: endpoint.url, secret: endpoint.secret });
    const attempt = this.attemptOf(1, now, outcome);
    await this.orm.em.fork().transactional(async (em) => {
      em.persist(
        em.create(WebhookDelivery, {
          id,
          organizationId,
          endpointId: endpoint.id,
          event: 'webhook.test',
          body,
          status: outcome.ok ? 'DELIVERED' : 'FAILED',
          attemptsMade: 1,
          attempts: [attempt],
          nextAttemptAt: null,
          claimedUntil: null,
          createdAt: now,
          updatedAt: now,
        }),
      );
    });
    return {
      delivered: outcome.ok,
      statusCode: outcome.statusCode,
      error: outcome.error,
      durationMs: outcome.durationMs,
    };
  }

  async list(ctx: RequestContext, endpointId: string, query: unknown): Promise<Page<DeliveryView>> {
    const { status, event, ...page } = parseInput(listDeliveriesQuery, query);
    const organizationId = orgId(ctx);
    await this.endpoints.find(ctx.em, organizationId, endpointId);
    const where: Record<string, unknown> = { organizationId, endpointId };
    if (status) where.status = status;
    if (event) where.event = event;
    const result = await newestFirst(ctx.em, WebhookDelivery, where, page);
    return { data: result.data.map(view), nextCursor: result.nextCursor };
  }

  private send(
    d:
      | Pick<ClaimedDelivery, 'id' | 'event' | 'body' | 'url' | 'secret'>
      | (Pick<WebhookEndpoint, 'url' | 'secret'> & { id: string; event: string; body: string }),
  ): Promise<SendOutcome> {
    return this.network
      .post(d.url, d.body, {
        'x-faktura-signature': signBody(d.secret, d.body),
        'x-faktura-event': d.event,
        'x-faktura-delivery': d.id,
      })
      .catch((err: Error) => {
        this.log.error({ err, delivery: d.id }, 'webhook attempt crashed');
        return {
          ok: false,
          statusCode: null,
          error: 'Internal error while sending',
          durationMs: 0,
          responseBody: null,
        };
      });
  }

  /**
   * Appends one attempt to each delivery's log and sets its state, releasing the claim: one UPDATE
   * for any number of deliveries. It commits asynchronously (synchronous_commit off for this
   * transaction, as the quota counter does): a crash can lose the last few milliseconds of records,
   * and a delivery whose record was lost is still PENDING and claimed, so it is sent again when the
   * claim runs out — the at-least-once resend that a crash between sending and recording means anyway.
   * (Any later synchronous commit, e.g. Agenda's retry job, flushes the WAL up to it.)
   */
  private async record(em: EntityManager, rows: RecordRow[]): Promise<void> {
    const records = rows.map((r) => ({
      id: r.claimed.id,
      attempt: [this.attemptOf(Number(r.claimed.logged) + 1, r.at, r.outcome)],
      attempts_made: r.attemptsMade ?? null,
      status: r.status,
      set_next: r.nextAttemptAt !== undefined,
      next_attempt_at: r.nextAttemptAt ?? null,
      now: r.now,
    }));
    await executeBound(
      em,
      `UPDATE webhook_deliveries d SET attempts = d.attempts || r.attempt, attempts_made = COALESCE(r.attempts_made, d.attempts_made), status = r.status,
         next_attempt_at = CASE WHEN r.set_next THEN r.next_attempt_at ELSE d.next_attempt_at END, claimed_until = NULL, updated_at = r.now
       FROM jsonb_to_recordset(?::jsonb) AS r(id uuid, attempt jsonb, attempts_made integer, status text, set_next boolean, next_attempt_at timestamptz, now timestamptz),
         (SELECT set_config('synchronous_commit', 'off', true)) AS async_commit
       WHERE d.id = r.id`,
      [JSON.stringify(records)],
    );
  }

  private attemptOf(number: number, at: Date, outcome: SendOutcome): DeliveryAttempt {
    return {
      number,
      at: at.toISOString(),
      statusCode: outcome.statusCode,
      error: outcome.error,
      durationMs: outcome.durationMs,
      responseBody: outcome.responseBody,
    };
  }

  /** How long a claim holds: long enough for one attempt to finish; a claim older than this belongs to a sender that died. */
  get leaseMs(): number {
    return this.timeoutMs + 60_000;
  }

  private lease(now: Date): Date {
    return new Date(now.getTime() + this.leaseMs);
  }
}
