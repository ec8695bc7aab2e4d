import { randomUUID } from 'node:crypto';
import type { Clock } from '../../core/clock';
import { orgId, type RequestContext } from '../../core/ctx';
import type { Orm } from '../../core/db/orm';
import { isUuid } from '../../core/fields';
import { newestFirst } from '../../core/pagination';
import { parseInput, type Page } from '../../core/validation';
import type { WebhookTestPayload } from './webhook.events';
import { attemptOf, type DeliveryAttempts } from './delivery-attempts';
import { WebhookDelivery, type DeliveryAttempt, type DeliveryStatus } from './webhook-delivery.entity';
import type { WebhookEndpointsService } from './webhook-endpoints.service';
import { DeliveryInProgress, DeliveryNotFound } from './webhooks.errors';
import { listDeliveriesQuery } from './webhooks.inputs';
import { claimReplay, recordAttempts } from './webhooks.queries';

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

function view(d: WebhookDelivery): DeliveryView {
  return { id: d.id, event: d.event, status: d.status, createdAt: d.createdAt.toISOString(), attempts: d.attempts };
}

/** What people do with an endpoint's deliveries (SPEC 4.3): read the log, replay a delivery, send a test. */
export class DeliveryAdminService {
  constructor(
    private readonly orm: Orm,
    private readonly clock: Clock,
    private readonly endpoints: WebhookEndpointsService,
    private readonly attempts: DeliveryAttempts,
  ) {}

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

  /**
   * Sends the same envelope (same id and body) again as a new attempt; no retries follow it, and a
   * scheduled retry of a PENDING delivery stays. Refused while a sender holds the delivery.
   */
  async replay(ctx: RequestContext, endpointId: string, deliveryId: string): Promise<DeliveryView> {
    const organizationId = orgId(ctx);
    await this.endpoints.find(ctx.em, organizationId, endpointId);
    if (!isUuid(deliveryId)) throw new DeliveryNotFound();
    const now = this.clock.now();
    const claimed = await claimReplay(
      ctx.em,
      { id: deliveryId, endpointId, organizationId },
      { now, until: this.attempts.claimUntil(now) },
    );
    if (!claimed) throw new DeliveryNotFound();
    if (!claimed.free) throw new DeliveryInProgress();
    const outcome = await this.attempts.post(claimed);
    const status = outcome.ok ? 'DELIVERED' : claimed.status;
    await recordAttempts(this.orm.em, this.clock.now(), [
      { id: deliveryId, attempt: attemptOf(now, outcome), status, attemptsMade: null, nextAttemptAt: null },
    ]);
    return view(await this.orm.em.fork().findOneOrFail(WebhookDelivery, { id: deliveryId }));
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
    const outcome = await this.attempts.post({
      id,
      event: 'webhook.test',
      body,
      url: endpoint.url,
      secret: endpoint.secret,
    });
    await this.orm.em.fork().insert(WebhookDelivery, {
      id,
      organizationId,
      endpointId: endpoint.id,
      event: 'webhook.test',
      body,
      status: outcome.ok ? 'DELIVERED' : 'FAILED',
      attemptsMade: 1,
      attempts: [{ number: 1, ...attemptOf(now, outcome) }],
      nextAttemptAt: null,
      claimedUntil: null,
      createdAt: now,
      updatedAt: now,
    });
    return {
      delivered: outcome.ok,
      statusCode: outcome.statusCode,
      error: outcome.error,
      durationMs: outcome.durationMs,
    };
  }
}
