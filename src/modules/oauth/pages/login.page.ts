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

/** "14 minutes", "1 minute", "30 seconds". */
function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
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
  const formFor = (ctx: AppContext, returnTo: string, error?: string) => {
    let binding = ctx.cookies.get(LOGIN_CSRF_COOKIE);
    if (!binding) {
      binding = CsrfTokens.newBinding();
      ctx.cookies.set(LOGIN_CSRF_COOKIE, binding, sessionCookieOptions(ctx, publicUrl));
    }
    return loginForm(csrf.issue('login', binding), returnTo, error);
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
      const { token } = await identity.login(ctx.state.rc, { email: body.email, password: body.password });
      setSessionCookie(ctx, token, sessionTtlSeconds, publicUrl);
      ctx.status = 303;
      ctx.redirect(returnTo);
    } catch (err) {
      if (err instanceof TooManyAttempts || err instanceof ServiceBusy) {
        for (const [name, value] of Object.entries(err.headers ?? {})) ctx.set(name, value);
        const message =
          err instanceof TooManyAttempts
            ? `Too many attempts. Please try again in ${waitText(err.retryAfterSeconds)}.`
            : 'The server is busy. Please try again in a moment.';
        return sendPage(ctx, err.status, formFor(ctx, returnTo, message));
      }
      if (!(err instanceof AppError) || err.status >= 500) throw err;
      sendPage(ctx, 401, formFor(ctx, returnTo, 'Invalid e-mail or password'));
    }
  });
}
