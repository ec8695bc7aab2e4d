import { randomBytes, randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuditTrail } from '../../core/audit/audit-trail';
import type { Clock } from '../../core/clock';
import { authed, orgId, type RequestContext } from '../../core/ctx';
import { NotFoundError } from '../../core/errors';
import { isUuid } from '../../core/fields';
import { mapPage, paginate } from '../../core/pagination';
import { generateToken } from '../../core/secrets';
import { parseInput, paginationInput, type Page } from '../../core/validation';
import type { ServicesOf } from '../../core/module';
import { Organization, type identityModule } from '../identity/identity.module';
import { OAuthApplication } from './oauth-application.entity';
import { OAuthConsent } from './oauth-consent.entity';
import { PublicClientHasNoSecret } from './oauth.errors';
import {
  registerApplicationInput,
  updateApplicationInput,
  type RegisterApplicationInput,
  type UpdateApplicationInput,
} from './oauth.inputs';
import { applicationView, type ApplicationView } from './oauth.views';

type Passwords = ServicesOf<typeof identityModule>['passwords'];

export const CLIENT_SECRET_PREFIX = 'fcs_';

/** Registration, editing, disabling and secret rotation of a company's OAuth applications. */
export class ApplicationsService {
  constructor(
    private readonly clock: Clock,
    private readonly passwords: Passwords,
    private readonly audit: AuditTrail,
  ) {}

  /** The secret exists in plain text only in this return value (confidential clients). */
  async register(
    ctx: RequestContext,
    input: RegisterApplicationInput,
  ): Promise<ApplicationView & { clientSecret?: string }> {
    const data = parseInput(registerApplicationInput, input);
    const clientSecret = data.confidential ? generateToken(CLIENT_SECRET_PREFIX) : undefined;
    const now = this.clock.now();
    const application = ctx.em.create(OAuthApplication, {
      id: randomUUID(),
      organization: ctx.em.getReference(Organization, orgId(ctx)),
      name: data.name,
      description: data.description,
      clientId: `fci_${randomBytes(16).toString('hex')}`,
      clientSecretHash: clientSecret ? await this.passwords.hash(clientSecret) : null,
      redirectUris: data.redirectUris,
      scopes: data.scopes,
      confidential: data.confidential,
      disabled: false,
      createdByUserId: authed(ctx).principal.userId,
      createdAt: now,
      updatedAt: now,
    });
    await this.audit.flushWith(ctx, {
      action: 'oauth_application.created',
      organizationIds: [orgId(ctx)],
      target: { type: 'oauth_application', id: application.id },
      details: {
        name: data.name,
        clientId: application.clientId,
        confidential: data.confidential,
        scopes: data.scopes,
      },
    });
    return clientSecret ? { ...applicationView(application), clientSecret } : applicationView(application);
  }

  async list(ctx: RequestContext, page: unknown): Promise<Page<ApplicationView>> {
    const rows = await paginate(
      ctx.em,
      OAuthApplication,
      { organization: orgId(ctx) },
      parseInput(paginationInput, page),
    );
    return mapPage(rows, applicationView);
  }

  async get(ctx: RequestContext, id: string): Promise<ApplicationView> {
    return applicationView(await this.find(ctx, id));
  }

  /** Disabling takes effect on the next request of every token (the verifier joins the application). */
  async update(ctx: RequestContext, id: string, input: UpdateApplicationInput): Promise<ApplicationView> {
    const data = parseInput(updateApplicationInput, input);
    const application = await this.find(ctx, id);
    ctx.em.assign(application, Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined)));
    application.updatedAt = this.clock.now();
    await this.audit.flushWith(ctx, {
      action: 'oauth_application.changed',
      organizationIds: [orgId(ctx)],
      target: { type: 'oauth_application', id: application.id },
      details: { changed: Object.keys(data).filter((k) => data[k as keyof typeof data] !== undefined) },
    });
    return applicationView(application);
  }

  /** The old secret fails at once; issued access tokens are untouched (they do not depend on it). */
  async rotateSecret(ctx: RequestContext, id: string): Promise<{ clientSecret: string }> {
    const application = await this.find(ctx, id);
    if (!application.confidential) throw new PublicClientHasNoSecret();
    const clientSecret = generateToken(CLIENT_SECRET_PREFIX);
    application.clientSecretHash = await this.passwords.hash(clientSecret);
    application.updatedAt = this.clock.now();
    await this.audit.flushWith(ctx, {
      action: 'oauth_application.secret_rotated',
      organizationIds: [orgId(ctx)],
      target: { type: 'oauth_application', id: application.id },
      details: { name: application.name },
    });
    return { clientSecret };
  }

  /**
   * The applications acting in an organization, by id and name: those with an active consent there,
   * and those of `alsoIds` (the quota module passes the ones with requests this month, so a revoked
   * application keeps its row until the month ends).
   */
  async actingIn(
    em: EntityManager,
    organizationId: string,
    alsoIds: string[],
  ): Promise<{ id: string; name: string }[]> {
    const consents = await em.find(OAuthConsent, { organization: organizationId, revokedAt: null });
    const ids = [...new Set([...consents.map((c) => c.application.id), ...alsoIds])];
    const applications = ids.length ? await em.find(OAuthApplication, { id: { $in: ids } }) : [];
    return applications.map((a) => ({ id: a.id, name: a.name }));
  }

  private async find(ctx: RequestContext, id: string): Promise<OAuthApplication> {
    const application = isUuid(id) ? await ctx.em.findOne(OAuthApplication, { id, organization: orgId(ctx) }) : null;
    if (!application) throw new NotFoundError('OAuth application');
    return application;
  }
}
