import type { ApiRouter } from '../../../core/http/api-router';
import type { AppContext } from '../../../core/http/types';
import { AppError, ServiceBusy } from '../../../core/errors';
import type { CredentialVerifier } from '../../../core/http/authenticator';
import type { ServicesOf } from '../../../core/module';
import { TooManyAttempts, type identityModule } from '../../identity/identity.module';
import { html } from '../../../core/html';
import { page } from './page';
import { CsrfTokens, securePage, sendPage } from './page-security';
import { setSessionCookie, sessionCookieOptions } from '../../../core/http/session-cookie';
import { pageSession, safeReturnTo } from './page-session';
import { pageLanguage, type PageLanguage } from './page-language';
import { PAGE_TEXTS } from './page-texts';

type IdentityService = ServicesOf<typeof identityModule>['identity'];

const LOGIN_CSRF_COOKIE = 'login_csrf';
/** Where the code of a two-factor login is posted. */
const LOGIN_CODE_PATH = '/app/login/2fa';
/** Where a login without a (valid) return address lands: the web app's home. */
const HOME = '/app/';

function loginForm(lang: PageLanguage, csrf: string, returnTo: string, error?: string): string {
  const t = PAGE_TEXTS[lang];
  return page(
    t.logIn,
    html`<h1>${t.logInTitle}</h1>
${error ? html`<p class="error" role="alert">${error}</p>` : ''}
<form method="post" action="/app/login">
<input type="hidden" name="csrf" value="${csrf}"><input type="hidden" name="return_to" value="${returnTo}">
<label>${t.email} <input type="email" name="email" autocomplete="username" required></label>
<label>${t.password} <input type="password" name="password" autocomplete="current-password" required></label>
<button type="submit">${t.logIn}</button>
</form>
<p>${t.newHere} <a href="/app/signup">${t.signUp}</a></p>`,
    lang,
  );
}

/** The page's words for a throttled (429) or busy (503) sign-in, with the error's Retry-After set; null for other errors. */
function refusalMessage(ctx: AppContext, err: unknown): { status: number; message: string } | null {
  if (!(err instanceof TooManyAttempts || err instanceof ServiceBusy)) return null;
  for (const [name, value] of Object.entries(err.headers ?? {})) ctx.set(name, value);
  const t = PAGE_TEXTS[pageLanguage(ctx)];
  const message = err instanceof TooManyAttempts ? t.tooManyAttempts(waitText(t, err.retryAfterSeconds)) : t.busy;
  return { status: err.status, message };
}

/** "14 minutes", "1 minute", "30 seconds" (Czech: "14 minut", "1 minutu", "30 sekund"). */
function waitText(t: (typeof PAGE_TEXTS)[PageLanguage], seconds: number): string {
  if (seconds < 60) return t.seconds(seconds);
  return t.minutes(Math.ceil(seconds / 60));
}

/** The second step for a person with two-factor login: the code, carrying the login's mfaToken. */
function codeForm(lang: PageLanguage, csrf: string, returnTo: string, mfaToken: string, error?: string): string {
  const t = PAGE_TEXTS[lang];
  return page(
    t.codeTitle,
    html`<h1>${t.codeHeading}</h1>
${error ? html`<p class="error" role="alert">${error}</p>` : ''}
<p>${t.codeText}</p>
<form method="post" action="${LOGIN_CODE_PATH}">
<input type="hidden" name="csrf" value="${csrf}"><input type="hidden" name="return_to" value="${returnTo}">
<input type="hidden" name="mfa_token" value="${mfaToken}">
<label>${t.code} <input type="text" name="code" inputmode="numeric" autocomplete="one-time-code" maxlength="64" required autofocus></label>
<button type="submit">${t.verify}</button>
</form>
<p><a href="/app/login">${t.startOver}</a></p>`,
    lang,
  );
}

/** /app/login: sets the httpOnly `session` cookie and returns the browser to `return_to` (same origin only). */
export interface LoginPageDeps {
  identity: IdentityService;
  sessionVerifier: CredentialVerifier;
  csrf: CsrfTokens;
  sessionTtlSeconds: number;
  publicUrl: string;
}

export function loginPage(
  root: ApiRouter,
  { identity, sessionVerifier, csrf, sessionTtlSeconds, publicUrl }: LoginPageDeps,
): void {
  const csrfFor = (ctx: AppContext) => {
    let binding = ctx.cookies.get(LOGIN_CSRF_COOKIE);
    if (!binding) {
      binding = CsrfTokens.newBinding();
      ctx.cookies.set(LOGIN_CSRF_COOKIE, binding, sessionCookieOptions(ctx, publicUrl));
    }
    return csrf.issue('login', binding);
  };
  const formFor = (ctx: AppContext, returnTo: string, error?: string) =>
    loginForm(pageLanguage(ctx), csrfFor(ctx), returnTo, error);
  const codeFor = (ctx: AppContext, returnTo: string, mfaToken: string, error?: string) =>
    codeForm(pageLanguage(ctx), csrfFor(ctx), returnTo, mfaToken, error);
  const textsOf = (ctx: AppContext) => PAGE_TEXTS[pageLanguage(ctx)];
  const loggedIn = (ctx: AppContext, token: string, returnTo: string) => {
    setSessionCookie(ctx, token, sessionTtlSeconds, publicUrl);
    ctx.status = 303;
    ctx.redirect(returnTo);
  };

  root.get('/app/login', { public: true }, async (ctx) => {
    await securePage(ctx);
    const returnTo = safeReturnTo(ctx.query.return_to, HOME);
    const session = await pageSession(ctx, sessionVerifier);
    if (session && returnTo !== HOME) return ctx.redirect(returnTo);
    if (session) {
      const t = textsOf(ctx);
      return sendPage(
        ctx,
        200,
        page(
          t.loggedIn,
          html`<h1>${t.loggedInTitle}</h1><p>${t.organization}: ${session.principal.organization.name}</p><p><a href="${HOME}">${t.open}</a></p>`,
          pageLanguage(ctx),
        ),
      );
    }
    sendPage(ctx, 200, formFor(ctx, returnTo));
  });

  root.post('/app/login', { public: true }, async (ctx) => {
    await securePage(ctx);
    const body = (ctx.request.body ?? {}) as Record<string, unknown>;
    const returnTo = safeReturnTo(body.return_to, HOME);
    const binding = ctx.cookies.get(LOGIN_CSRF_COOKIE);
    if (!binding || !csrf.verify('login', binding, body.csrf)) {
      return sendPage(ctx, 403, formFor(ctx, returnTo, textsOf(ctx).formExpired));
    }
    try {
      const result = await identity.login(ctx.state.rc, { email: body.email, password: body.password });
      if ('mfaRequired' in result) return sendPage(ctx, 200, codeFor(ctx, returnTo, result.mfaToken));
      loggedIn(ctx, result.token, returnTo);
    } catch (err) {
      const busy = refusalMessage(ctx, err);
      if (busy) return sendPage(ctx, busy.status, formFor(ctx, returnTo, busy.message));
      if (!(err instanceof AppError) || err.status >= 500) throw err;
      sendPage(ctx, 401, formFor(ctx, returnTo, textsOf(ctx).invalidCredentials));
    }
  });

  root.post(LOGIN_CODE_PATH, { public: true }, async (ctx) => {
    await securePage(ctx);
    const body = (ctx.request.body ?? {}) as Record<string, unknown>;
    const returnTo = safeReturnTo(body.return_to, HOME);
    const binding = ctx.cookies.get(LOGIN_CSRF_COOKIE);
    if (!binding || !csrf.verify('login', binding, body.csrf)) {
      return sendPage(ctx, 403, formFor(ctx, returnTo, textsOf(ctx).formExpiredLogIn));
    }
    try {
      const { token } = await identity.loginSecondFactor(ctx.state.rc, { mfaToken: body.mfa_token, code: body.code });
      loggedIn(ctx, token, returnTo);
    } catch (err) {
      const busy = refusalMessage(ctx, err);
      if (busy && typeof body.mfa_token === 'string' && body.mfa_token.length <= 512) {
        return sendPage(ctx, busy.status, codeFor(ctx, returnTo, body.mfa_token, busy.message));
      }
      if (!(err instanceof AppError) || err.status >= 500) throw err;
      // A wrong code keeps the step (until its token expires or wears out); a dead token starts over.
      if (err.code !== 'INVALID_MFA_TOKEN' && typeof body.mfa_token === 'string' && body.mfa_token.length <= 512) {
        return sendPage(ctx, 401, codeFor(ctx, returnTo, body.mfa_token, textsOf(ctx).wrongCode));
      }
      sendPage(ctx, 401, formFor(ctx, returnTo, textsOf(ctx).loginExpired));
    }
  });
}
