import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuditTrail } from '../../core/audit/audit-trail';
import type { Clock } from '../../core/clock';
import { excessGrant, SECTIONS, type Permissions } from '../../core/access';
import { authed, orgId, type RequestContext } from '../../core/ctx';
import { ForbiddenError, NotFoundError } from '../../core/errors';
import { isUuid, MAX, text } from '../../core/fields';
import { mapPage, paginate } from '../../core/pagination';
import { generateToken, redact, sha256Hex } from '../../core/secrets';
import { parseInput, paginationInput, z, type Page } from '../../core/validation';
import { Organization } from '../identity/identity.module';
import { ApiKey } from './api-key.entity';
import { API_KEY_PREFIX, keyPermissions } from './api-key.verifier';

export interface ApiKeyView {
  id: string;
  name: string;
  redacted: string;
  /** Every section with the level the key has. */
  permissions: Permissions;
  /** Billing departments whose documents the key reaches (its creator's); null = all. */
  departmentIds: string[] | null;
  createdAt: string;
}

const level = z.enum(['none', 'read', 'write']);
export const apiKeyPermissionsInput = z
  .object(
    Object.fromEntries(SECTIONS.map((s) => [s, level.optional()])) as Record<
      (typeof SECTIONS)[number],
      z.ZodOptional<typeof level>
    >,
  )
  .strict()
  .meta({ description: 'Sections the key reaches (a section left out: none). Default: those of its creator.' });

export const createApiKeyInput = z.object({ name: text(MAX.name), permissions: apiKeyPermissionsInput.optional() });

export class ApiKeysService {
  constructor(
    private readonly clock: Clock,
    private readonly audit: AuditTrail,
  ) {}

  /** The only moment the key exists in plain text is this return value. */
  async create(ctx: RequestContext, input: unknown): Promise<ApiKeyView & { key: string }> {
    const { name, permissions: chosen } = parseInput(createApiKeyInput, input);
    const { principal } = authed(ctx);
    // Never more than the creator holds (an OWNER holds all); without a choice, exactly the creator's.
    const permissions = chosen ? keyPermissions(chosen) : { ...principal.permissions };
    const refused = excessGrant(principal.permissions, permissions);
    if (refused) throw new ForbiddenError(refused.message, { refused: refused.scope });
    const key = generateToken(API_KEY_PREFIX);
    const apiKey = ctx.em.create(ApiKey, {
      id: randomUUID(),
      organization: ctx.em.getReference(Organization, orgId(ctx)),
      name,
      keyHash: sha256Hex(key),
      redacted: redact(key, API_KEY_PREFIX.length),
      permissions,
      departmentIds: principal.departmentIds,
      createdByUserId: principal.userId,
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
  return {
    id: k.id,
    name: k.name,
    redacted: k.redacted,
    permissions: keyPermissions(k.permissions),
    departmentIds: k.departmentIds,
    createdAt: k.createdAt.toISOString(),
  };
}
