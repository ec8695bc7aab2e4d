import { randomUUID } from 'node:crypto';
import type { Clock } from '../../core/clock';
import { authed, orgId, type RequestContext } from '../../core/ctx';
import { NotFoundError } from '../../core/errors';
import { isUuid, MAX, text } from '../../core/fields';
import { mapPage, paginate } from '../../core/pagination';
import { generateToken, sha256Hex } from '../../core/secrets';
import { paginationInput, parseInput, z, type Page } from '../../core/validation';
import { Organization } from '../identity/identity.module';
import { PosDevice } from './pos-device.entity';
import { POS_TOKEN_PREFIX } from './pos-device.verifier';
import { PosDeviceRevoked } from './pos.errors';

/** A register as people see it: never the token (SPEC 2.5). */
export interface PosDeviceView {
  id: string;
  name: string;
  prefix: string;
  createdAt: string;
  revokedAt: string | null;
  lastUsedAt: string | null;
}

const PREFIX_MAX = 50;
export const createPosDeviceInput = z.object({
  name: text(MAX.name),
  prefix: z.string().trim().max(PREFIX_MAX).default(''),
});
export const updatePosDeviceInput = z.object({
  name: text(MAX.name).optional(),
  prefix: z.string().trim().max(PREFIX_MAX).optional(),
});

/** Registers of a company, managed by a person (OWNER, or ADMIN with company_settings write). */
export class PosDevicesService {
  constructor(private readonly clock: Clock) {}

  /** The only moment the token exists in plain text is this return value. */
  async create(
    ctx: RequestContext,
    input: unknown,
  ): Promise<{ id: string; name: string; prefix: string; token: string }> {
    const { name, prefix } = parseInput(createPosDeviceInput, input);
    const token = generateToken(POS_TOKEN_PREFIX);
    const device = ctx.em.create(PosDevice, {
      id: randomUUID(),
      organization: ctx.em.getReference(Organization, orgId(ctx)),
      name,
      prefix,
      tokenHash: sha256Hex(token),
      createdByUserId: authed(ctx).principal.userId,
      createdAt: this.clock.now(),
    });
    await ctx.em.flush();
    return { id: device.id, name: device.name, prefix: device.prefix, token };
  }

  async list(ctx: RequestContext, page: unknown): Promise<Page<PosDeviceView>> {
    return mapPage(
      await paginate(ctx.em, PosDevice, { organization: orgId(ctx) }, parseInput(paginationInput, page)),
      posDeviceView,
    );
  }

  async update(ctx: RequestContext, id: string, input: unknown): Promise<PosDeviceView> {
    const data = parseInput(updatePosDeviceInput, input);
    const device = await this.find(ctx, id);
    if (data.name !== undefined) device.name = data.name;
    if (data.prefix !== undefined) device.prefix = data.prefix;
    await ctx.em.flush();
    return posDeviceView(device);
  }

  /** A new token; the old hash is overwritten in the same statement, so the old token is dead at once. */
  async rotateToken(ctx: RequestContext, id: string): Promise<{ token: string }> {
    const device = await this.find(ctx, id);
    if (device.revokedAt) throw new PosDeviceRevoked();
    const token = generateToken(POS_TOKEN_PREFIX);
    device.tokenHash = sha256Hex(token);
    await ctx.em.flush();
    return { token };
  }

  /** Permanent: a revoked device can neither authenticate nor get a new token. Repeating it is harmless. */
  async revoke(ctx: RequestContext, id: string): Promise<PosDeviceView> {
    const device = await this.find(ctx, id);
    device.revokedAt ??= this.clock.now();
    await ctx.em.flush();
    return posDeviceView(device);
  }

  private async find(ctx: RequestContext, id: string): Promise<PosDevice> {
    if (!isUuid(id)) throw new NotFoundError('POS device');
    const device = await ctx.em.findOne(PosDevice, { id, organization: orgId(ctx) });
    if (!device) throw new NotFoundError('POS device');
    return device;
  }
}

export function posDeviceView(d: PosDevice): PosDeviceView {
  return {
    id: d.id,
    name: d.name,
    prefix: d.prefix,
    createdAt: d.createdAt.toISOString(),
    revokedAt: d.revokedAt?.toISOString() ?? null,
    lastUsedAt: d.lastUsedAt?.toISOString() ?? null,
  };
}
