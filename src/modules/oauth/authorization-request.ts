import type { EntityManager } from '@mikro-orm/postgresql';
import type { Scope } from '../../core/access';
import { OAuthApplication } from './oauth-application.entity';
import type { PkceMethod } from './oauth-code.entity';
import { InvalidClient, InvalidRequest, InvalidScope, OAuthError, UnsupportedResponseType } from './oauth.errors';
import { intersectScopes } from './oauth.scopes';
import { isPkceMethod, isWellFormedChallenge } from './pkce';
import { assertBoundedRequest, MAX_STATE_LENGTH, param, requiredParam, type ProtocolParams } from './protocol-params';
import { isRegisteredRedirectUri } from './redirect-uris';

/** A validated authorization request (SPEC 4.1, consent screen query). */
export interface AuthorizationRequest {
  application: OAuthApplication;
  redirectUri: string;
  state: string;
  scopes: Scope[];
  codeChallenge: string | null;
  codeChallengeMethod: PkceMethod | null;
}

/**
 * An error that may be sent back to the client's redirect URI (RFC 6749 4.1.2.1). Errors about the
 * client or the redirect URI itself are plain OAuthErrors: they are shown, never redirected.
 */
export class RedirectableError extends Error {
  constructor(
    readonly cause: OAuthError,
    readonly redirectUri: string,
    readonly state: string | undefined,
  ) {
    super(cause.description);
  }
}

/** The parameters that carry the request from the authorize endpoint to the consent form. */
export const AUTHORIZATION_PARAMS = [
  'client_id',
  'redirect_uri',
  'response_type',
  'scope',
  'state',
  'code_challenge',
  'code_challenge_method',
] as const;

export async function validateAuthorizationRequest(
  em: EntityManager,
  params: ProtocolParams,
): Promise<AuthorizationRequest> {
  // Shown, never redirected: an over-long request or state cannot be carried back in a Location header.
  assertBoundedRequest(params);
  const clientId = requiredParam(params, 'client_id');
  const application = /^fci_[0-9a-f]{32}$/.test(clientId) ? await em.findOne(OAuthApplication, { clientId }) : null;
  if (!application || application.disabled) throw new InvalidClient(false, 'Unknown or disabled client');
  const redirectUri = requiredParam(params, 'redirect_uri');
  if (!isRegisteredRedirectUri(application.redirectUris, redirectUri)) {
    throw new InvalidRequest('redirect_uri does not match any address registered for this application');
  }
  if (typeof params.state === 'string' && params.state.length > MAX_STATE_LENGTH) {
    throw new InvalidRequest(`Parameter state is longer than ${MAX_STATE_LENGTH} characters`);
  }
  let state: string | undefined;
  try {
    state = param(params, 'state');
    return { application, redirectUri, ...checkRest(application, params, state) };
  } catch (err) {
    if (err instanceof OAuthError)
      throw new RedirectableError(err, redirectUri, typeof params.state === 'string' ? params.state : state);
    throw err;
  }
}

function checkRest(application: OAuthApplication, params: ProtocolParams, state: string | undefined) {
  const responseType = requiredParam(params, 'response_type');
  if (responseType !== 'code') throw new UnsupportedResponseType();
  if (state === undefined) throw new InvalidRequest('Missing parameter state');
  const requested = param(params, 'scope');
  const scopes =
    requested === undefined
      ? application.scopes
      : intersectScopes(requested.split(' ').filter(Boolean), application.scopes);
  if (scopes.length === 0) throw new InvalidScope();
  const challenge = param(params, 'code_challenge') ?? null;
  const methodParam = param(params, 'code_challenge_method');
  if (methodParam !== undefined && !isPkceMethod(methodParam))
    throw new InvalidRequest('code_challenge_method must be S256 or plain');
  if (challenge === null) {
    if (!application.confidential) throw new InvalidRequest('A public client must use PKCE (code_challenge)');
    if (methodParam !== undefined) throw new InvalidRequest('code_challenge_method without code_challenge');
    return { state, scopes, codeChallenge: null, codeChallengeMethod: null };
  }
  const method: PkceMethod = methodParam ?? 'plain';
  if (!isWellFormedChallenge(challenge, method)) throw new InvalidRequest('Malformed code_challenge');
  return { state, scopes, codeChallenge: challenge, codeChallengeMethod: method };
}
