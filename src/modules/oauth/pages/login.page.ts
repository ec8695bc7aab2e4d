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

type IdentityService = ServicesOf<typeof identityModule>['identity'];

const LOGIN_CSRF_COOKIE = 'login_csrf';
/** Where the code of a two-factor login is posted. */
const LOGIN_CODE_PATH = '/app/login/2fa';
/** Where a login without a (valid) return address lands: the web app's home. */
const HOME = '/app/';

function loginForm(csrf: string, returnTo: string, error?: string): string {
  return page(
    'Log in',
    html`<h1>Log in to Faktura</h1>
${error ? html`<p class="error" role="alert">${error}</p>` : ''}
<form method="post" action="/app/login">
<input type="hidden" name="csrf" value="${csrf}"><input type="hidden" name="return_to" value="${returnTo}">
<label>E-mail <input type="email" name="email" autocomplete="username" required></label>
<label>Password <input type="password" name="password" autocomplete="current-password" required></label>
<button type="submit">Log in</button>
</form>
<p>New to Faktura? <a href="/app/signup">Sign up</a></p>`,
  );
}

/** The page's words for a throttled (429) or busy (503) sign-in, with the error's Retry-After set; null for other errors. */
function refusalMessage(ctx: AppContext, err: unknown): { status: number; message: string } | null {
  if (!(err instanceof TooManyAttempts || err instanceof ServiceBusy)) return null;
  for (const [name, value] of Object.entries(err.headers ?? {})) ctx.set(name, value);
  const message =
    err instanceof TooManyAttempts
      ? `Too many attempts. Please try again in ${waitText(err.retryAfterSeconds)}.`
      : 'The server is busy. Please try again in a moment.';
  return { status: err.status, message };
}

/** "14 minutes", "1 minute", "30 seconds". */
function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** The second step for a person with two-factor login: the code, carrying the login's mfaToken. */
function codeForm(csrf: string, returnTo: string, mfaToken: string, error?: string): string {
  return page(
    'Two-factor login',
    html`<h1>Enter your code</h1>
${error ? html`<p class="error" role="alert">${error}</p>` : ''}
<p>Open your authenticator app and enter the 6-digit code for Faktura, or use one of your recovery codes.</p>
<form method="post" action="${LOGIN_CODE_PATH}">
<input type="hidden" name="csrf" value="${csrf}"><input type="hidden" name="return_to" value="${returnTo}">
<input type="hidden" name="mfa_token" value="${mfaToken}">
<label>Code <input type="text" name="code" inputmode="numeric" autocomplete="one-time-code" maxlength="64" required autofocus></label>
<button type="submit">Verify</button>
</form>
<p><a href="/app/login">Start over</a></p>`,
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
  const formFor = (ctx: AppContext, returnTo: string, error?: string) => loginForm(csrfFor(ctx), returnTo, error);
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
    if (session)
      return sendPage(
        ctx,
        200,
        page(
          'Logged in',
          html`<h1>You are logged in</h1><p>Organization: ${session.principal.organization.name}</p><p><a href="${HOME}">Open Faktura</a></p>`,
        ),
      );
    sendPage(ctx, 200, formFor(ctx, returnTo));
  });

  root.post('/app/login', { public: true }, async (ctx) => {
    await securePage(ctx);
    const body = (ctx.request.body ?? {}) as Record<string, unknown>;
    const returnTo = safeReturnTo(body.return_to, HOME);
    const binding = ctx.cookies.get(LOGIN_CSRF_COOKIE);
    if (!binding || !csrf.verify('login', binding, body.csrf)) {
      return sendPage(ctx, 403, formFor(ctx, returnTo, 'The form expired. Please try again.'));
    }
    try {
      const result = await identity.login(ctx.state.rc, { email: body.email, password: body.password });
      if ('mfaRequired' in result) return sendPage(ctx, 200, codeForm(csrfFor(ctx), returnTo, result.mfaToken));
      loggedIn(ctx, result.token, returnTo);
    } catch (err) {
      const busy = refusalMessage(ctx, err);
      if (busy) return sendPage(ctx, busy.status, formFor(ctx, returnTo, busy.message));
      if (!(err instanceof AppError) || err.status >= 500) throw err;
      sendPage(ctx, 401, formFor(ctx, returnTo, 'Invalid e-mail or password'));
    }
  });

  root.post(LOGIN_CODE_PATH, { public: true }, async (ctx) => {
    await securePage(ctx);
    const body = (ctx.request.body ?? {}) as Record<string, unknown>;
    const returnTo = safeReturnTo(body.return_to, HOME);
    const binding = ctx.cookies.get(LOGIN_CSRF_COOKIE);
    if (!binding || !csrf.verify('login', binding, body.csrf)) {
      return sendPage(ctx, 403, formFor(ctx, returnTo, 'The form expired. Please log in again.'));
    }
    try {
      const { token } = await identity.loginSecondFactor(ctx.state.rc, { mfaToken: body.mfa_token, code: body.code });
      loggedIn(ctx, token, returnTo);
    } catch (err) {
      const busy = refusalMessage(ctx, err);
      if (busy && typeof body.mfa_token === 'string' && body.mfa_token.length <= 512) {
        return sendPage(ctx, busy.status, codeForm(csrfFor(ctx), returnTo, body.mfa_token, busy.message));
      }
      if (!(err instanceof AppError) || err.status >= 500) throw err;
      // A wrong code keeps the step (until its token expires or wears out); a dead token starts over.
      if (err.code !== 'INVALID_MFA_TOKEN' && typeof body.mfa_token === 'string' && body.mfa_token.length <= 512) {
        return sendPage(
          ctx,
          401,
          codeForm(csrfFor(ctx), returnTo, body.mfa_token, 'The code is wrong, expired or already used'),
        );
      }
      sendPage(ctx, 401, formFor(ctx, returnTo, 'The login expired. Please log in again.'));
    }
  });
}
