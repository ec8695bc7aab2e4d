import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Permissions, Scope } from '../../core/access';
import type { AuditTrail } from '../../core/audit/audit-trail';
import type { Clock } from '../../core/clock';
import { authed, type RequestContext } from '../../core/ctx';
import { NotFoundError } from '../../core/errors';
import { isUuid } from '../../core/fields';
import { mapPage, paginate } from '../../core/pagination';
import { parseInput, paginationInput, type Page } from '../../core/validation';
import { OAuthConsent } from './oauth-consent.entity';
import { upsertConsent } from './oauth.queries';
import { grantView, type GrantView } from './oauth.views';

export interface EffectiveAccess {
  applicationId: string;
  grantId: string;
  userId: string;
  organization: { id: string; name: string; plan: string };
  scope: string;
  permissions: Permissions;
  departmentIds: string[] | null;
}

/** Consents ("connected applications"): recorded on Allow, listed and revoked by their user. */
export class GrantsService {
  constructor(
    private readonly clock: Clock,
    private readonly audit: AuditTrail,
  ) {}

  /**
   * The one active consent of (application, user, organization) now holds exactly `scopes`: a new
   * approval replaces the old set, and tokens are clipped to it on their next use.
   */
  async recordConsent(
    em: EntityManager,
    grant: { applicationId: string; userId: string; organizationId: string; scopes: Scope[] },
  ): Promise<string> {
    return upsertConsent(em, { id: randomUUID(), ...grant, at: this.clock.now() });
  }

  /** Ends a consent and with it every code and token issued under it (they all join the consent). */
  async revokeConsent(em: EntityManager, consentId: string): Promise<void> {
    await em.nativeUpdate(OAuthConsent, { id: consentId, revokedAt: null }, { revokedAt: this.clock.now() });
  }

  /** The caller's connected applications in the current organization. */
  async listOwn(ctx: RequestContext, page: unknown): Promise<Page<GrantView>> {
    const { principal } = authed(ctx);
    const where = { user: principal.userId!, organization: principal.organization.id, revokedAt: null };
    const rows = await paginate(ctx.em, OAuthConsent, where, parseInput(paginationInput, page), {
      populate: ['application'],
    });
    return mapPage(rows, grantView);
  }

  /** What the calling access token may do right now (effective access, SPEC 2.2). */
  describeAccess(ctx: RequestContext): EffectiveAccess {
    const { principal } = authed(ctx);
    return {
      applicationId: principal.credentialId!,
      grantId: principal.attributes.consentId,
      userId: principal.userId!,
      organization: principal.organization,
      scope: principal.attributes.scope,
      permissions: principal.permissions,
      departmentIds: principal.departmentIds,
    };
  }

  /** User revocation: every token of the consent answers 401 from the next request on. */
  async revokeOwn(ctx: RequestContext, id: string): Promise<void> {
    const { principal } = authed(ctx);
    const consent = isUuid(id)
      ? await ctx.em.findOne(OAuthConsent, {
          id,
          user: principal.userId!,
          organization: principal.organization.id,
          revokedAt: null,
        })
      : null;
    if (!consent) throw new NotFoundError('Connected application');
    await ctx.em.transactional(async (em) => {
      await this.revokeConsent(em, consent.id);
      await this.audit.record(
        { ...ctx, em },
        {
          action: 'oauth_consent.revoked',
          organizationIds: [principal.organization.id],
          target: { type: 'oauth_consent', id: consent.id },
          details: { applicationId: consent.application.id },
        },
      );
    });
  }
}
