import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Scope } from '../../core/access';
import type { Clock } from '../../core/clock';
import type { RequestContext } from '../../core/ctx';
import { generateToken, sha256Hex } from '../../core/secrets';
import { readClientCredentials, type ClientAuthenticator } from './client-auth';
import type { GrantsService } from './grants.service';
import type { OAuthApplication } from './oauth-application.entity';
import { OAuthCode } from './oauth-code.entity';
import { OAuthTokenPair } from './oauth-token.entity';
import { InvalidGrant, InvalidRequest, InvalidScope, UnsupportedGrantType } from './oauth.errors';
import { formatScopes, intersectScopes } from './oauth.scopes';
import { verifierMatches } from './pkce';
import { param, requiredParam, type ProtocolParams } from './protocol-params';

export const ACCESS_TOKEN_PREFIX = 'fat_';
export const REFRESH_TOKEN_PREFIX = 'frt_';
export const ACCESS_TTL_SECONDS = 3600;
export const REFRESH_TTL_SECONDS = 30 * 24 * 3600;

/** SPEC 2.3. */
export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
  scope: string;
}

/** The token endpoint (authorization_code, refresh_token) and the revocation endpoint (RFC 7009). */
export class TokenService {
  constructor(
    private readonly clock: Clock,
    private readonly clients: ClientAuthenticator,
    private readonly grants: GrantsService,
  ) {}

  async token(ctx: RequestContext, params: ProtocolParams, authorization: string): Promise<TokenResponse> {
    const grantType = requiredParam(params, 'grant_type');
    if (grantType !== 'authorization_code' && grantType !== 'refresh_token') throw new UnsupportedGrantType();
    const client = await this.clients.authenticate(ctx, readClientCredentials(authorization, params));
    return grantType === 'authorization_code'
      ? this.exchangeCode(ctx.em, client, params)
      : this.rotateRefreshToken(ctx.em, client, params);
  }

  /**
   * Client, redirect_uri and PKCE are checked before the code is touched, so only an otherwise valid
   * replay revokes the consent (a stranger holding a code cannot end someone's grant by replaying it).
   */
  private async exchangeCode(
    em: EntityManager,
    client: OAuthApplication,
    params: ProtocolParams,
  ): Promise<TokenResponse> {
    const code = requiredParam(params, 'code');
    const redirectUri = requiredParam(params, 'redirect_uri');
    const verifier = param(params, 'code_verifier');
    const row = await em.findOne(OAuthCode, { codeHash: sha256Hex(code) }, { populate: ['consent'] });
    if (!row || row.application.id !== client.id) throw new InvalidGrant();
    if (row.redirectUri !== redirectUri)
      throw new InvalidRequest('redirect_uri does not match the authorization request');
    this.checkPkce(row, verifier, client);
    if (row.usedAt !== null) return this.revokeAndRefuse(em, row.consent.id);
    if (row.expiresAt <= this.clock.now() || row.consent.revokedAt !== null) throw new InvalidGrant();

    const issued = await em.transactional(async (tx) => {
      const consumed = await tx.nativeUpdate(OAuthCode, { id: row.id, usedAt: null }, { usedAt: this.clock.now() });
      if (consumed === 0) return null;
      const scopes = intersectScopes(row.scopes, row.consent.scopes, client.scopes);
      return this.issuePair(tx, row.consent.id, client, scopes);
    });
    // Losing the race to consume the code is a second use, exactly like a later replay.
    return issued ?? this.revokeAndRefuse(em, row.consent.id);
  }

  private checkPkce(row: OAuthCode, verifier: string | undefined, client: OAuthApplication): void {
    if (row.codeChallenge === null || row.codeChallengeMethod === null) {
      if (verifier !== undefined) throw new InvalidGrant('code_verifier sent for a code issued without code_challenge');
      return;
    }
    if (verifier === undefined) {
      throw new InvalidRequest(
        client.confidential ? 'Missing parameter code_verifier' : 'A public client must send code_verifier (PKCE)',
      );
    }
    if (!verifierMatches(verifier, row.codeChallenge, row.codeChallengeMethod))
      throw new InvalidGrant('code_verifier does not match the code_challenge');
  }

  /** Rotation: the old pair dies in the same statement that claims it; a rotated token used again ends the consent. */
  private async rotateRefreshToken(
    em: EntityManager,
    client: OAuthApplication,
    params: ProtocolParams,
  ): Promise<TokenResponse> {
    const refreshToken = requiredParam(params, 'refresh_token');
    const requestedScope = param(params, 'scope');
    const row = await em.findOne(OAuthTokenPair, { refreshHash: sha256Hex(refreshToken) }, { populate: ['consent'] });
    if (!row || row.application.id !== client.id) throw new InvalidGrant();
    if (row.rotatedAt !== null) return this.revokeAndRefuse(em, row.consent.id);
    if (row.refreshExpiresAt <= this.clock.now() || row.consent.revokedAt !== null) throw new InvalidGrant();
    let scopes = intersectScopes(row.scopes, row.consent.scopes, client.scopes);
    if (requestedScope !== undefined) {
      const requested = requestedScope.split(' ').filter(Boolean);
      if (requested.some((s) => !row.scopes.includes(s as Scope)))
        throw new InvalidScope('The requested scope exceeds the scope of the refresh token');
      scopes = intersectScopes(scopes, requested);
    }
    if (scopes.length === 0) throw new InvalidGrant('Nothing of the granted scope remains in the current consent');

    const issued = await em.transactional(async (tx) => {
      const claimed = await tx.nativeUpdate(
        OAuthTokenPair,
        { id: row.id, rotatedAt: null },
        { rotatedAt: this.clock.now() },
      );
      if (claimed === 0) return null;
      return this.issuePair(tx, row.consent.id, client, scopes);
    });
    return issued ?? this.revokeAndRefuse(em, row.consent.id);
  }

  private async issuePair(
    em: EntityManager,
    consentId: string,
    client: OAuthApplication,
    scopes: Scope[],
  ): Promise<TokenResponse> {
    if (scopes.length === 0) throw new InvalidGrant('Nothing of the granted scope remains in the current consent');
    const accessToken = generateToken(ACCESS_TOKEN_PREFIX);
    const refreshToken = generateToken(REFRESH_TOKEN_PREFIX);
    const now = this.clock.now();
    await em.insert(OAuthTokenPair, {
      id: randomUUID(),
      consent: consentId,
      application: client.id,
      accessHash: sha256Hex(accessToken),
      refreshHash: sha256Hex(refreshToken),
      scopes,
      accessExpiresAt: new Date(now.getTime() + ACCESS_TTL_SECONDS * 1000),
      refreshExpiresAt: new Date(now.getTime() + REFRESH_TTL_SECONDS * 1000),
      createdAt: now,
    });
    return {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: ACCESS_TTL_SECONDS,
      refresh_token: refreshToken,
      scope: formatScopes(scopes),
    };
  }

  private async revokeAndRefuse(em: EntityManager, consentId: string): Promise<never> {
    await this.grants.revokeConsent(em, consentId);
    throw new InvalidGrant();
  }

  /**
   * RFC 7009: any access or refresh token of this client ends its whole consent. Unknown tokens,
   * other clients' tokens and codes are answered the same (200) and change nothing.
   */
  async revoke(ctx: RequestContext, params: ProtocolParams, authorization: string): Promise<void> {
    const client = await this.clients.authenticate(ctx, readClientCredentials(authorization, params));
    const token = requiredParam(params, 'token');
    const hash = sha256Hex(token);
    const byHash = token.startsWith(ACCESS_TOKEN_PREFIX)
      ? { accessHash: hash }
      : token.startsWith(REFRESH_TOKEN_PREFIX)
        ? { refreshHash: hash }
        : null;
    if (!byHash) return;
    const pair = await ctx.em.findOne(OAuthTokenPair, { ...byHash, application: client.id });
    if (pair) await this.grants.revokeConsent(ctx.em, pair.consent.id);
  }
}
