/** Hosts allowed over plain http (development exception, SPEC 2.1 / DESIGN 5). */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Why a redirect URI cannot be registered, or null when it can. */
export function redirectUriProblem(uri: string): string | null {
  if (uri.includes('#')) return 'must not contain a fragment (#)';
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return 'must be an absolute URL';
  }
  if (url.username || url.password) return 'must not contain user information';
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)) return null;
  return 'must use https (http only for localhost, 127.0.0.1 and [::1])';
}

/** Exact string equality of the whole URI: no normalisation, no prefix or query matching. */
export function isRegisteredRedirectUri(registered: readonly string[], candidate: string): boolean {
  return registered.some((uri) => uri === candidate);
}

/** Builds the redirect back to the client: its own query kept, our parameters appended. */
export function redirectWith(redirectUri: string, params: Record<string, string | undefined>): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) if (value !== undefined) url.searchParams.append(name, value);
  return url.toString();
}
