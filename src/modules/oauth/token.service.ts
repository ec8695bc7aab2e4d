import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Scope } from '../../core/access';
import type { Clock } from '../../core/clock';
import type { RequestContext } from '../../core/ctx';
import { generateToken, sha256Hex } from '../../core/secrets';
import { readClientCredentials, type ClientAuthenticator } from './client-auth';
import type { GrantsService } from './grants.service';
import type { OAuthApplication } from './oauth-application.entity';
import type { PkceMethod } from './oauth-code.entity';
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

interface CodeRow {
  id: string;
  consent_id: string;
  application_id: string;
  redirect_uri: string;
  scopes: Scope[];
  code_challenge: string | null;
  code_challenge_method: PkceMethod | null;
  expires_at: Date;
  used_at: Date | null;
  consent_scopes: Scope[];
  consent_revoked_at: Date | null;
}

interface PairRow {
  id: string;
  consent_id: string;
  application_id: string;
  scopes: Scope[];
  refresh_expires_at: Date;
  rotated_at: Date | null;
  consent_scopes: Scope[];
  consent_revoked_at: Date | null;
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
    const client = await this.clients.authenticate(ctx.em, readClientCredentials(authorization, params));
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
    const row = (
      await em.execute<CodeRow[]>(
        `SELECT c.id, c.consent_id, c.application_id, c.redirect_uri, c.scopes, c.code_challenge, c.code_challenge_method,
                c.expires_at, c.used_at, g.scopes AS consent_scopes, g.revoked_at AS consent_revoked_at
           FROM oauth_codes c JOIN oauth_consents g ON g.id = c.consent_id
          WHERE c.code_hash = ?`,
        [sha256Hex(code)],
      )
    )[0];
    if (!row || row.application_id !== client.id) throw new InvalidGrant();
    if (row.redirect_uri !== redirectUri)
      throw new InvalidRequest('redirect_uri does not match the authorization request');
    this.checkPkce(row, verifier, client);
    if (row.used_at !== null) return this.revokeAndRefuse(em, row.consent_id);
    if (new Date(row.expires_at) <= this.clock.now() || row.consent_revoked_at !== null) throw new InvalidGrant();

    const issued = await em.transactional(async (tx) => {
      const consumed = await tx.execute<{ id: string }[]>(
        'UPDATE oauth_codes SET used_at = ? WHERE id = ? AND used_at IS NULL RETURNING id',
        [this.clock.now(), row.id],
      );
      if (consumed.length === 0) return null;
      return this.issuePair(tx, row.consent_id, client, intersectScopes(row.scopes, row.consent_scopes, client.scopes));
    });
    // Losing the race to consume the code is a second use, exactly like a later replay.
    return issued ?? this.revokeAndRefuse(em, row.consent_id);
  }

  private checkPkce(row: CodeRow, verifier: string | undefined, client: OAuthApplication): void {
    if (row.code_challenge === null || row.code_challenge_method === null) {
      if (verifier !== undefined) throw new InvalidGrant('code_verifier sent for a code issued without code_challenge');
      return;
    }
    if (verifier === undefined) {
      throw new InvalidRequest(
        client.confidential ? 'Missing parameter code_verifier' : 'A public client must send code_verifier (PKCE)',
      );
    }
    if (!verifierMatches(verifier, row.code_challenge, row.code_challenge_method))
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
    const row = (
      await em.execute<PairRow[]>(
        `SELECT t.id, t.consent_id, t.application_id, t.scopes, t.refresh_expires_at, t.rotated_at,
                g.scopes AS consent_scopes, g.revoked_at AS consent_revoked_at
           FROM oauth_tokens t JOIN oauth_consents g ON g.id = t.consent_id
          WHERE t.refresh_hash = ?`,
        [sha256Hex(refreshToken)],
      )
    )[0];
    if (!row || row.application_id !== client.id) throw new InvalidGrant();
    if (row.rotated_at !== null) return this.revokeAndRefuse(em, row.consent_id);
    if (new Date(row.refresh_expires_at) <= this.clock.now() || row.consent_revoked_at !== null)
      throw new InvalidGrant();
    let scopes = intersectScopes(row.scopes, row.consent_scopes, client.scopes);
    if (requestedScope !== undefined) {
      const requested = requestedScope.split(' ').filter(Boolean);
      if (requested.some((s) => !row.scopes.includes(s as Scope)))
        throw new InvalidScope('The requested scope exceeds the scope of the refresh token');
      scopes = intersectScopes(scopes, requested);
    }
    if (scopes.length === 0) throw new InvalidGrant('Nothing of the granted scope remains in the current consent');

    const issued = await em.transactional(async (tx) => {
      const claimed = await tx.execute<{ id: string }[]>(
        'UPDATE oauth_tokens SET rotated_at = ? WHERE id = ? AND rotated_at IS NULL RETURNING id',
        [this.clock.now(), row.id],
      );
      if (claimed.length === 0) return null;
      return this.issuePair(tx, row.consent_id, client, scopes);
    });
    return issued ?? this.revokeAndRefuse(em, row.consent_id);
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
    await em.execute(
      `INSERT INTO oauth_tokens (id, consent_id, application_id, access_hash, refresh_hash, scopes, access_expires_at, refresh_expires_at, created_at)
       VALUES (?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?)`,
      [
        randomUUID(),
        consentId,
        client.id,
        sha256Hex(accessToken),
        sha256Hex(refreshToken),
        JSON.stringify(scopes),
        new Date(now.getTime() + ACCESS_TTL_SECONDS * 1000),
        new Date(now.getTime() + REFRESH_TTL_SECONDS * 1000),
        now,
      ],
    );
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
    const client = await this.clients.authenticate(ctx.em, readClientCredentials(authorization, params));
    const token = requiredParam(params, 'token');
    const column = token.startsWith(ACCESS_TOKEN_PREFIX)
      ? 'access_hash'
      : token.startsWith(REFRESH_TOKEN_PREFIX)
        ? 'refresh_hash'
        : null;
    if (!column) return;
    const rows = await ctx.em.execute<{ consent_id: string }[]>(
      `SELECT consent_id FROM oauth_tokens WHERE ${column} = ? AND application_id = ?`,
      [sha256Hex(token), client.id],
    );
    if (rows[0]) await this.grants.revokeConsent(ctx.em, rows[0].consent_id);
  }
}
