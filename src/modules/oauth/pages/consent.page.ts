import type { ApiRouter } from '../../../core/http/api-router';
import type { AppContext } from '../../../core/http/types';
import type { Principal } from '../../../core/access';
import type { CredentialVerifier } from '../../../core/http/authenticator';
import { TWO_FACTOR_MISSING } from '../../../core/http/gate';
import { AUTHORIZATION_PARAMS, RedirectableError, type AuthorizationRequest } from '../authorization-request';
import type { AuthorizationService } from '../authorization.service';
import { OAuthError } from '../oauth.errors';
import { scopeInfo } from '../oauth.scopes';
import { asParams, type ProtocolParams } from '../protocol-params';
import { html } from '../../../core/html';
import { page } from './page';
import { CsrfTokens, securePage, sendPage } from './page-security';
import { pageSession } from './page-session';
import { pageLanguage, type PageLanguage } from './page-language';
import { PAGE_TEXTS } from './page-texts';

export const CONSENT_PATH = '/app/oauth/consent';
/** The form's checkboxes are `scope` (DESIGN 3), so the originally requested scope travels as this. */
const REQUESTED_SCOPE_FIELD = 'requested_scope';

function consentForm(
  request: AuthorizationRequest,
  params: ProtocolParams,
  user: Principal,
  grantable: string[],
  csrf: string,
  lang: PageLanguage,
): string {
  const t = PAGE_TEXTS[lang];
  const app = request.application;
  const hidden = AUTHORIZATION_PARAMS.filter((p) => typeof params[p] === 'string').map(
    (p) =>
      html`<input type="hidden" name="${p === 'scope' ? REQUESTED_SCOPE_FIELD : p}" value="${params[p] as string}">`,
  );
  const scopes = request.scopes.map((scope) => {
    const available = grantable.includes(scope);
    return html`<label><input type="checkbox" name="scope" value="${scope}" ${available ? html`checked` : html`disabled`}> ${scopeInfo(scope).label}
<code>${scope}</code>${available ? '' : html` <span class="muted">${t.unavailable}</span>`}</label>`;
  });
  return page(
    t.allowTitle(app.name),
    html`<h1 id="app-name">${app.name}</h1>
<p id="app-description">${app.description}</p>
<p>${t.wantsAccess} <strong>${user.organization.name}</strong> ${t.onYourBehalf}</p>
<form method="post" action="${CONSENT_PATH}">
<input type="hidden" name="csrf" value="${csrf}">${hidden}
<fieldset>${scopes}</fieldset>
<p><button type="submit" name="decision" value="allow">${t.allow}</button><button type="submit" name="decision" value="deny">${t.deny}</button></p>
</form>`,
    lang,
  );
}

function errorPage(err: OAuthError, lang: PageLanguage): string {
  const t = PAGE_TEXTS[lang];
  return page(
    t.errorTitle,
    html`<h1>${t.errorHeading}</h1>
<p class="error" role="alert"><code id="error">${err.error}</code>: <span id="error-description">${err.description}</span></p>
<p>${t.errorText}</p>`,
    lang,
  );
}

/** The company requires two-factor login the person has not enabled: no consent until they do. */
function twoFactorMissingPage(lang: PageLanguage): string {
  const t = PAGE_TEXTS[lang];
  return page(
    t.twoFactorTitle,
    html`<h1>${t.twoFactorTitle}</h1>
<p class="error" role="alert">${t.twoFactorText}</p>`,
    lang,
  );
}

/**
 * The consent screen. Invalid client or redirect URI: shown here, never redirected. Other errors go
 * back to the client in RFC 6749 form. Not logged in: to /app/login and back.
 */
export function consentPage(
  root: ApiRouter,
  sessionVerifier: CredentialVerifier,
  csrf: CsrfTokens,
  authorization: AuthorizationService,
): void {
  async function withRequest(
    ctx: AppContext,
    params: ProtocolParams,
    work: (request: AuthorizationRequest) => Promise<void>,
  ): Promise<void> {
    try {
      const request = await authorization.validate(ctx.state.rc, params);
      await securePage(ctx, [new URL(request.redirectUri).origin]);
      await work(request);
    } catch (err) {
      if (err instanceof RedirectableError) {
        await securePage(ctx, [new URL(err.redirectUri).origin]);
        return ctx.redirect(authorization.errorRedirect(err));
      }
      if (!(err instanceof OAuthError)) throw err;
      await securePage(ctx);
      sendPage(ctx, err.status, errorPage(err, pageLanguage(ctx)));
    }
  }

  const toLogin = (ctx: AppContext, query: string) =>
    ctx.redirect(`/app/login?return_to=${encodeURIComponent(`${CONSENT_PATH}?${query}`)}`);
  const queryOf = (params: ProtocolParams) =>
    new URLSearchParams(
      AUTHORIZATION_PARAMS.filter((p) => typeof params[p] === 'string').map(
        (p) => [p, params[p] as string] as [string, string],
      ),
    ).toString();

  root.get(CONSENT_PATH, { public: true }, async (ctx) => {
    const params = asParams(ctx.query);
    await withRequest(ctx, params, async (request) => {
      const session = await pageSession(ctx, sessionVerifier);
      if (!session) return toLogin(ctx, ctx.querystring);
      if (TWO_FACTOR_MISSING in session.principal.attributes)
        return sendPage(ctx, 403, twoFactorMissingPage(pageLanguage(ctx)));
      const grantable = authorization.grantableScopes(request, session.principal);
      sendPage(
        ctx,
        200,
        consentForm(
          request,
          params,
          session.principal,
          grantable,
          csrf.issue('consent', session.cookie),
          pageLanguage(ctx),
        ),
      );
    });
  });

  root.post(CONSENT_PATH, { public: true }, async (ctx) => {
    const body = asParams(ctx.request.body);
    const params: ProtocolParams = Object.fromEntries(
      AUTHORIZATION_PARAMS.map((p) => [p, body[p === 'scope' ? REQUESTED_SCOPE_FIELD : p]]),
    );
    await withRequest(ctx, params, async (request) => {
      const session = await pageSession(ctx, sessionVerifier);
      if (!session) return toLogin(ctx, queryOf(params));
      if (TWO_FACTOR_MISSING in session.principal.attributes)
        return sendPage(ctx, 403, twoFactorMissingPage(pageLanguage(ctx)));
      if (!csrf.verify('consent', session.cookie, body.csrf)) {
        const t = PAGE_TEXTS[pageLanguage(ctx)];
        return sendPage(
          ctx,
          403,
          page(
            t.expiredTitle,
            html`<h1>${t.expiredHeading}</h1><p class="error">${t.expiredText}</p>`,
            pageLanguage(ctx),
          ),
        );
      }
      ctx.status = 303;
      if (body.decision !== 'allow') return ctx.redirect(authorization.deny(request));
      const chosen = ([] as unknown[]).concat(body.scope ?? []).filter((s): s is string => typeof s === 'string');
      ctx.redirect(await authorization.allow(ctx.state.rc, request, session.principal, chosen));
    });
  });
}
