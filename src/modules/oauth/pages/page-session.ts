import type { Principal } from '../../../core/access';
import type { CredentialVerifier } from '../../../core/http/authenticator';
import { SESSION_COOKIE } from '../../../core/http/session-cookie';
import type { AppContext } from '../../../core/http/types';

/** The logged-in person behind the `session` cookie, or null (pages never see other credential kinds). */
export async function pageSession(
  ctx: AppContext,
  sessions: CredentialVerifier,
): Promise<{ principal: Principal; cookie: string } | null> {
  const cookie = ctx.cookies.get(SESSION_COOKIE);
  if (!cookie) return null;
  // Only the session verifier: no other credential kind is tried (nor metered) on a web page.
  const principal = await sessions.verify(ctx.state.rc.em, { token: cookie, organizationId: null });
  return principal ? { principal, cookie } : null;
}

/** A redirect's Location stays well under the 16 KB header limit of common clients. */
const MAX_RETURN_TO = 8192;

/** Only same-origin paths: no scheme, no host, no `//` or `/\` (browsers read both as another host). */
export function safeReturnTo(value: unknown, fallback: string): string {
  if (
    typeof value !== 'string' ||
    value.length > MAX_RETURN_TO ||
    !value.startsWith('/') ||
    value.startsWith('//') ||
    value.startsWith('/\\')
  )
    return fallback;
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses (a newline or tab in a path)
  if (/[\u0000-\u001f\\]/.test(value)) return fallback;
  const base = 'http://faktura.invalid';
  const url = new URL(value, base);
  return url.origin === base ? url.pathname + url.search : fallback;
}
