import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuditTrail } from '../../core/audit/audit-trail';
import type { Clock } from '../../core/clock';
import { allows, type Principal } from '../../core/access';
import { authed, orgId, type RequestContext } from '../../core/ctx';
import { ForbiddenError } from '../../core/errors';
import type { DeclaredEvents } from '../../core/outbox/declared-events';
import { isUuid } from '../../core/fields';
import { paginate } from '../../core/pagination';
import { paginationInput, parseInput, type Page } from '../../core/validation';
import { WebhookDelivery } from './webhook-delivery.entity';
import { WebhookEndpoint, type EndpointCreatorKind } from './webhook-endpoint.entity';
import type { SecretBox } from '../../core/secret-box';
import { newWebhookSecret, WEBHOOK_SECRET_PURPOSE } from './webhook-signature';
import { WebhookNotFound } from './webhooks.errors';
import { webhookInputs } from './webhooks.inputs';

/** An endpoint as every answer but the create answer shows it: never the secret. */
export interface WebhookView {
  id: string;
  name: string;
  url: string;
  events: string[];
  isActive: boolean;
  createdAt: string;
}

export type CreatedWebhookView = WebhookView & { secret: string };

export function webhookView(e: WebhookEndpoint): WebhookView {
  return {
    id: e.id,
    name: e.name,
    url: e.url,
    events: e.events,
    isActive: e.isActive,
    createdAt: e.createdAt.toISOString(),
  };
}

/** The credential an endpoint records as its creator: who it sends on behalf of. */
function creatorOf(principal: Principal): {
  createdByKind: EndpointCreatorKind;
  createdById: string;
  createdByUserId: string | null;
} {
  const { kind, userId, attributes } = principal;
  if (kind === 'session' && userId) return { createdByKind: kind, createdById: userId, createdByUserId: userId };
  if (kind === 'apiKey' && attributes.apiKeyId)
    return { createdByKind: kind, createdById: attributes.apiKeyId, createdByUserId: null };
  if (kind === 'oauth' && userId && attributes.consentId)
    return { createdByKind: kind, createdById: attributes.consentId, createdByUserId: userId };
  throw new ForbiddenError('This credential cannot configure webhook endpoints');
}

/** Webhook endpoints of a company (SPEC 2.8, 4.3); every query is scoped to the caller's organization. */
export class WebhookEndpointsService {
  private readonly inputs: ReturnType<typeof webhookInputs>;

  constructor(
    private readonly clock: Clock,
    allowPrivateNetworks: boolean,
    private readonly secretBox: SecretBox,
    private readonly audit: AuditTrail,
    private readonly declaredEvents: Pick<DeclaredEvents, 'accessOf'>,
  ) {
    this.inputs = webhookInputs(allowPrivateNetworks);
  }

  async create(ctx: RequestContext, input: unknown): Promise<CreatedWebhookView> {
    const data = parseInput(this.inputs.create, input);
    const { principal } = authed(ctx);
    const events = [...new Set(data.events)];
    this.assertReads(principal, events);
    const now = this.clock.now();
    const secret = newWebhookSecret();
    const endpoint = ctx.em.create(WebhookEndpoint, {
      id: randomUUID(),
      organizationId: orgId(ctx),
      name: data.name,
      url: data.url,
      events,
      isActive: data.isActive ?? true,
      secret: this.secretBox.seal(secret, WEBHOOK_SECRET_PURPOSE),
      ...creatorOf(principal),
      createdAt: now,
      updatedAt: now,
    });
    await this.audit.flushWith(ctx, {
      action: 'webhook_endpoint.created',
      organizationIds: [endpoint.organizationId],
      target: { type: 'webhook_endpoint', id: endpoint.id },
      details: { name: endpoint.name, events: endpoint.events },
    });
    return { ...webhookView(endpoint), secret };
  }

  async list(ctx: RequestContext, query: unknown): Promise<Page<WebhookView>> {
    const page = await paginate(
      ctx.em,
      WebhookEndpoint,
      { organizationId: orgId(ctx) },
      parseInput(paginationInput, query),
    );
    return { data: page.data.map(webhookView), nextCursor: page.nextCursor };
  }

  async get(ctx: RequestContext, id: string): Promise<WebhookView> {
    return webhookView(await this.find(ctx.em, orgId(ctx), id));
  }

  async update(ctx: RequestContext, id: string, input: unknown): Promise<WebhookView> {
    const data = parseInput(this.inputs.update, input);
    const { principal } = authed(ctx);
    const endpoint = await this.find(ctx.em, orgId(ctx), id);
    // Whoever changes an endpoint must read everything it then lists, and it then sends on their behalf
    // (otherwise pointing someone else's endpoint at one's own URL would read what they read).
    const events = data.events === undefined ? endpoint.events : [...new Set(data.events)];
    this.assertReads(principal, events);
    if (data.name !== undefined) endpoint.name = data.name;
    if (data.url !== undefined) endpoint.url = data.url;
    endpoint.events = events;
    if (data.isActive !== undefined) endpoint.isActive = data.isActive;
    Object.assign(endpoint, creatorOf(principal));
    endpoint.updatedAt = this.clock.now();
    await this.audit.flushWith(ctx, {
      action: 'webhook_endpoint.changed',
      organizationIds: [endpoint.organizationId],
      target: { type: 'webhook_endpoint', id: endpoint.id },
      details: { changed: Object.keys(data).filter((k) => data[k as keyof typeof data] !== undefined) },
    });
    return webhookView(endpoint);
  }

  /** Deleting is the way to a new secret (SPEC 4.3); the endpoint's deliveries and their log go with it. */
  async delete(ctx: RequestContext, id: string): Promise<void> {
    const organizationId = orgId(ctx);
    await ctx.em.transactional(async (em) => {
      const endpoint = await this.find(em, organizationId, id);
      await em.nativeDelete(WebhookDelivery, { endpointId: endpoint.id, organizationId });
      em.remove(endpoint);
      await this.audit.record(
        { ...ctx, em },
        {
          action: 'webhook_endpoint.deleted',
          organizationIds: [organizationId],
          target: { type: 'webhook_endpoint', id: endpoint.id },
          details: { name: endpoint.name },
        },
      );
    });
  }

  /**
   * An endpoint may list a declared event only when its creator reads the declaring module's section
   * (documents:read for document.* and product.*, ...): 403 naming the scope. Custom names need only
   * what managing endpoints needs (automations:write).
   */
  private assertReads(principal: Principal, events: readonly string[]): void {
    for (const event of events) {
      const access = this.declaredEvents.accessOf(event);
      if (access && !allows(principal.permissions, access.section, 'read')) {
        const scope = `${access.section}:read`;
        throw new ForbiddenError(`Listing ${event} needs the scope ${scope}, which this credential lacks`, {
          requiredScope: scope,
        });
      }
    }
  }

  /** The caller's endpoint, else 404 (another company's endpoint is not found either). */
  async find(em: EntityManager, organizationId: string, id: string): Promise<WebhookEndpoint> {
    const endpoint = isUuid(id) ? await em.findOne(WebhookEndpoint, { id, organizationId }) : null;
    if (!endpoint) throw new WebhookNotFound();
    return endpoint;
  }
}
