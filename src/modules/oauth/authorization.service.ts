import { randomUUID } from 'node:crypto';
import type { Principal, Scope } from '../../core/access';
import type { AuditTrail } from '../../core/audit/audit-trail';
import type { Clock } from '../../core/clock';
import type { RequestContext } from '../../core/ctx';
import { generateToken, sha256Hex } from '../../core/secrets';
import type { GrantsService } from './grants.service';
import { validateAuthorizationRequest, RedirectableError, type AuthorizationRequest } from './authorization-request';
import { OAuthCode } from './oauth-code.entity';
import { AccessDenied } from './oauth.errors';
import { intersectScopes, scopesAllowedBy } from './oauth.scopes';
import type { ProtocolParams } from './protocol-params';
import { redirectWith } from './redirect-uris';

export const CODE_PREFIX = 'fac_';
export const CODE_TTL_SECONDS = 600;

/** The consent screen's decisions: Allow issues a code for the approved scopes, Deny says access_denied. */
export class AuthorizationService {
  constructor(
    private readonly clock: Clock,
    private readonly grants: GrantsService,
    readonly issuer: string,
    private readonly audit: AuditTrail,
  ) {}

  validate(ctx: RequestContext, params: ProtocolParams): Promise<AuthorizationRequest> {
    return validateAuthorizationRequest(ctx.em, params);
  }

  /** Requested scopes the logged-in user holds; the others are shown unavailable and cannot be granted. */
  grantableScopes(request: AuthorizationRequest, user: Principal): Scope[] {
    return scopesAllowedBy(request.scopes, user.permissions);
  }

  /** Returns where to send the browser: the client's redirect URI with code, state and iss. */
  async allow(ctx: RequestContext, request: AuthorizationRequest, user: Principal, chosen: string[]): Promise<string> {
    const approved = intersectScopes(chosen, this.grantableScopes(request, user));
    if (approved.length === 0) {
      const lacksAll = this.grantableScopes(request, user).length === 0;
      throw new RedirectableError(
        new AccessDenied(lacksAll ? 'The user lacks permission for the requested scopes' : 'No scope was allowed'),
        request.redirectUri,
        request.state,
      );
    }
    const code = generateToken(CODE_PREFIX);
    const now = this.clock.now();
    await ctx.em.transactional(async (em) => {
      const consentId = await this.grants.recordConsent(em, {
        applicationId: request.application.id,
        userId: user.userId!,
        organizationId: user.organization.id,
        scopes: approved,
      });
      await this.audit.record(
        { ...ctx, em },
        {
          action: 'oauth_consent.granted',
          organizationIds: [user.organization.id],
          actorUserId: user.userId,
          target: { type: 'oauth_consent', id: consentId },
          details: {
            applicationId: request.application.id,
            applicationName: request.application.name,
            scopes: approved,
          },
        },
      );
      await em.insert(OAuthCode, {
        id: randomUUID(),
        codeHash: sha256Hex(code),
        consent: consentId,
        application: request.application.id,
        redirectUri: request.redirectUri,
        scopes: approved,
        codeChallenge: request.codeChallenge,
        codeChallengeMethod: request.codeChallengeMethod,
        expiresAt: new Date(now.getTime() + CODE_TTL_SECONDS * 1000),
        createdAt: now,
      });
    });
    return redirectWith(request.redirectUri, { code, state: request.state, iss: this.issuer });
  }

  deny(request: AuthorizationRequest): string {
    return this.errorRedirect(new RedirectableError(new AccessDenied(), request.redirectUri, request.state));
  }

  /** RFC 6749 4.1.2.1 error response, with iss (RFC 9207). */
  errorRedirect(err: RedirectableError): string {
    return redirectWith(err.redirectUri, {
      error: err.cause.error,
      error_description: err.cause.description,
      state: err.state,
      iss: this.issuer,
    });
  }
}
