/** The server-rendered login page (DESIGN 3 hooks), with the address to come back to. */
export function loginUrl(returnTo = '/app/'): string {
  return `/app/login?return_to=${encodeURIComponent(returnTo)}`;
}
