import type { AppContext } from './types';

export const SESSION_COOKIE = 'session';

/**
 * The browser session cookie: httpOnly (scripts never read it), SameSite=Lax (a cross-site POST
 * does not carry it), Secure when the request arrived over https or the service is published on
 * https (PUBLIC_URL), whatever the hop between the proxy and this process.
 */
export function sessionCookieOptions(ctx: AppContext, publicUrl: string) {
  const secure = ctx.secure || publicUrl.startsWith('https:');
  // Koa refuses a Secure cookie on a request it believes is plain http; PUBLIC_URL vouches for it.
  if (secure) ctx.cookies.secure = true;
  return { httpOnly: true, sameSite: 'lax' as const, secure, path: '/', overwrite: true };
}

export function setSessionCookie(ctx: AppContext, token: string, ttlSeconds: number, publicUrl: string): void {
  ctx.cookies.set(SESSION_COOKIE, token, { ...sessionCookieOptions(ctx, publicUrl), maxAge: ttlSeconds * 1000 });
}

export function clearSessionCookie(ctx: AppContext, publicUrl: string): void {
  ctx.cookies.set(SESSION_COOKIE, '', { ...sessionCookieOptions(ctx, publicUrl), maxAge: 0 });
}
