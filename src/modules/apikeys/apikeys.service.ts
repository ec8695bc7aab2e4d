import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuditTrail } from '../../core/audit/audit-trail';
import type { Clock } from '../../core/clock';
import { authed, orgId, type RequestContext } from '../../core/ctx';
import { NotFoundError } from '../../core/errors';
import { isUuid, MAX, text } from '../../core/fields';
import { mapPage, paginate } from '../../core/pagination';
import { generateToken, redact, sha256Hex } from '../../core/secrets';
import { parseInput, paginationInput, z, type Page } from '../../core/validation';
import { Organization } from '../identity/identity.module';
import { ApiKey } from './api-key.entity';
import { API_KEY_PREFIX } from './api-key.verifier';

export interface ApiKeyView {
  id: string;
  name: string;
  redacted: string;
  createdAt: string;
}

export const createApiKeyInput = z.object({ name: text(MAX.name) });

export class ApiKeysService {
  constructor(
    private readonly clock: Clock,
    private readonly audit: AuditTrail,
  ) {}

  /** The only moment the key exists in plain text is this return value. */
  async create(ctx: RequestContext, input: unknown): Promise<ApiKeyView & { key: string }> {
    const { name } = parseInput(createApiKeyInput, input);
    const key = generateToken(API_KEY_PREFIX);
    const apiKey = ctx.em.create(ApiKey, {
      id: randomUUID(),
      organization: ctx.em.getReference(Organization, orgId(ctx)),
      name,
      keyHash: sha256Hex(key),
      redacted: redact(key, API_KEY_PREFIX.length),
      createdByUserId: authed(ctx).principal.userId,
      createdAt: this.clock.now(),
    });
    await this.audit.flushWith(ctx, {
      action: 'api_key.created',
      organizationIds: [apiKey.organization.id],
      target: { type: 'api_key', id: apiKey.id },
      details: { name },
    });
    return { ...apiKeyView(apiKey), key };
  }

  async list(ctx: RequestContext, page: unknown): Promise<Page<ApiKeyView>> {
    return mapPage(
      await paginate(ctx.em, ApiKey, { organization: orgId(ctx) }, parseInput(paginationInput, page)),
      apiKeyView,
    );
  }

  /** Deleting removes the hash, so the key answers 401 on its very next request. */
  async delete(ctx: RequestContext, id: string): Promise<void> {
    if (!isUuid(id)) throw new NotFoundError('API key');
    const apiKey = await ctx.em.findOne(ApiKey, { id, organization: orgId(ctx) });
    if (!apiKey) throw new NotFoundError('API key');
    ctx.em.remove(apiKey);
    await this.audit.flushWith(ctx, {
      action: 'api_key.deleted',
      organizationIds: [apiKey.organization.id],
      target: { type: 'api_key', id },
      details: { name: apiKey.name },
    });
  }

  /** Every API key of the organization, by id and name (the quota module lists their usage). */
  async namesOf(em: EntityManager, organizationId: string): Promise<{ id: string; name: string }[]> {
    const keys = await em.find(ApiKey, { organization: organizationId });
    return keys.map((k) => ({ id: k.id, name: k.name }));
  }
}

function apiKeyView(k: ApiKey): ApiKeyView {
  return { id: k.id, name: k.name, redacted: k.redacted, createdAt: k.createdAt.toISOString() };
}
