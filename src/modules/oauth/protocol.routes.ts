import type { ApiRouter } from '../../core/http/api-router';
import type { AuthorizationService } from './authorization.service';
import { RedirectableError } from './authorization-request';
import { CONSENT_PATH } from './pages/consent.page';
import { protocolErrors } from './oauth.errors';
import { SCOPE_CATALOG } from './oauth.scopes';
import { asParams } from './protocol-params';
import type { TokenService } from './token.service';

const PUBLIC = { public: true } as const;

/** RFC 6749 endpoints under /api/v1; their errors are `{ error, error_description }`, never the general body. */
export function protocolRoutes(api: ApiRouter, tokens: TokenService, authorization: AuthorizationService): void {
  api
    .post(
      '/oauth/token',
      PUBLIC,
      protocolErrors(async (ctx) => {
        ctx.body = await tokens.token(ctx.state.rc, asParams(ctx.request.body), ctx.get('authorization'));
      }),
    )
    .post(
      '/oauth/revoke',
      PUBLIC,
      protocolErrors(async (ctx) => {
        await tokens.revoke(ctx.state.rc, asParams(ctx.request.body), ctx.get('authorization'));
        ctx.status = 200;
        ctx.body = {};
      }),
    )
    // Validates, then hands the browser to the consent screen (or back to the client with an error).
    .get(
      '/oauth/authorize',
      PUBLIC,
      protocolErrors(async (ctx) => {
        try {
          await authorization.validate(ctx.state.rc, asParams(ctx.query));
          ctx.redirect(`${CONSENT_PATH}?${ctx.querystring}`);
        } catch (err) {
          if (!(err instanceof RedirectableError)) throw err;
          ctx.redirect(authorization.errorRedirect(err));
        }
      }),
    );
}

/** RFC 8414 metadata; issuer = PUBLIC_URL. */
export function authorizationServerMetadata(issuer: string): Record<string, unknown> {
  return {
    issuer,
    authorization_endpoint: `${issuer}/api/v1/oauth/authorize`,
    token_endpoint: `${issuer}/api/v1/oauth/token`,
    revocation_endpoint: `${issuer}/api/v1/oauth/revoke`,
    scopes_supported: SCOPE_CATALOG.map((s) => s.scope),
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
    revocation_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
    code_challenge_methods_supported: ['S256', 'plain'],
    authorization_response_iss_parameter_supported: true,
  };
}

export function metadataRoute(root: ApiRouter, issuer: string): void {
  const metadata = authorizationServerMetadata(issuer);
  root.get('/.well-known/oauth-authorization-server', PUBLIC, (ctx) => {
    ctx.set('Cache-Control', 'public, max-age=3600');
    ctx.body = metadata;
  });
}
