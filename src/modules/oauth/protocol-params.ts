import { InvalidRequest } from './oauth.errors';

export type ProtocolParams = Record<string, unknown>;

/**
 * Longest accepted value per parameter. Everything a request carries may come back in a redirect
 * (state, redirect_uri) or a page, so every parameter is bounded; RFC 7636 4.1 bounds
 * code_challenge to 128 characters.
 */
const MAX_LENGTH: Record<string, number> = {
  client_id: 100,
  client_secret: 200,
  redirect_uri: 2000,
  response_type: 50,
  grant_type: 50,
  state: 500,
  scope: 1000,
  code_challenge: 128,
  code_challenge_method: 10,
  // code_verifier: the default bound only; a verifier of the wrong shape is invalid_grant (pkce.ts).
  code: 200,
  refresh_token: 200,
  token: 200,
  token_type_hint: 50,
};
const DEFAULT_MAX_LENGTH = 2000;
export const MAX_STATE_LENGTH = MAX_LENGTH.state;
export const MAX_SCOPES = 50;
/** All parameters of one authorization request together (they travel on to the consent page and login). */
export const MAX_AUTHORIZATION_REQUEST_CHARS = 4096;

/**
 * One protocol parameter: absent and empty are the same (RFC 6749 3.1); a repeated parameter, a
 * non-string or an over-long value is invalid_request.
 */
export function param(params: ProtocolParams, name: string): string | undefined {
  const value = params[name];
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw new InvalidRequest(`Parameter ${name} must be given once, as a string`);
  const max = MAX_LENGTH[name] ?? DEFAULT_MAX_LENGTH;
  if (value.length > max) throw new InvalidRequest(`Parameter ${name} is longer than ${max} characters`);
  if (name === 'scope' && value.split(' ').filter(Boolean).length > MAX_SCOPES)
    throw new InvalidRequest(`Parameter scope names more than ${MAX_SCOPES} scopes`);
  return value;
}

export function requiredParam(params: ProtocolParams, name: string): string {
  const value = param(params, name);
  if (value === undefined) throw new InvalidRequest(`Missing parameter ${name}`);
  return value;
}

export function asParams(body: unknown): ProtocolParams {
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as ProtocolParams) : {};
}

/** A parameter value's length as text: a string's own, anything else (a parsed JSON body's numbers, objects) as JSON. */
function textLength(value: unknown): number {
  return typeof value === 'string' ? value.length : (JSON.stringify(value) ?? '').length;
}

/** The whole request's size (names and values of every parameter, known or not). */
export function assertBoundedRequest(params: ProtocolParams): void {
  let chars = 0;
  for (const [name, value] of Object.entries(params)) {
    chars += name.length + ([] as unknown[]).concat(value).reduce<number>((n, v) => n + textLength(v ?? ''), 0);
  }
  if (chars > MAX_AUTHORIZATION_REQUEST_CHARS)
    throw new InvalidRequest(`The authorization request is longer than ${MAX_AUTHORIZATION_REQUEST_CHARS} characters`);
}
