import type { RequestContext } from '../../core/ctx';
import { constantTimeEqual, sha256Hex } from '../../core/secrets';
import type { ServicesOf } from '../../core/module';
import type { identityModule } from '../identity/identity.module';
import { OAuthApplication } from './oauth-application.entity';
import { InvalidClient, InvalidRequest } from './oauth.errors';
import { param, type ProtocolParams } from './protocol-params';

type Passwords = ServicesOf<typeof identityModule>['passwords'];
type SignInThrottle = ServicesOf<typeof identityModule>['signInThrottle'];

const MEMO_LIMIT = 10_000;

export interface ClientCredentials {
  clientId: string | null;
  clientSecret: string | null;
  usedBasic: boolean;
}

/** application/x-www-form-urlencoded decoding, as RFC 6749 2.3.1 requires inside Basic credentials. */
function formDecode(value: string): string {
  return decodeURIComponent(value.replace(/\+/g, ' '));
}

/** Client id and secret from HTTP Basic or the body; using both methods at once is invalid_request. */
export function readClientCredentials(authorization: string, params: ProtocolParams): ClientCredentials {
  const bodyId = param(params, 'client_id') ?? null;
  const bodySecret = param(params, 'client_secret') ?? null;
  const basic = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(authorization);
  if (!basic) {
    if (authorization) throw new InvalidClient(/^Basic\b/i.test(authorization), 'Unsupported client authentication');
    return { clientId: bodyId, clientSecret: bodySecret, usedBasic: false };
  }
  const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) throw new InvalidClient(true, 'Malformed Basic credentials');
  let clientId: string;
  let clientSecret: string;
  try {
    clientId = formDecode(decoded.slice(0, colon));
    clientSecret = formDecode(decoded.slice(colon + 1));
  } catch {
    throw new InvalidClient(true, 'Malformed Basic credentials');
  }
  if (bodySecret !== null)
    throw new InvalidRequest('Use one client authentication method, not Basic and client_secret together');
  if (bodyId !== null && bodyId !== clientId) throw new InvalidRequest('client_id differs from the Basic credentials');
  return { clientId, clientSecret: clientSecret || null, usedBasic: true };
}

/**
 * Authenticates the client at the token and revocation endpoints. Unknown, disabled and wrong secret
 * are one answer. Each authentication counts as an attempt of the caller's address before the secret
 * is checked (sign-in throttling: AUTH_FAILED_PER_IP_MINUTE) and is taken back when it passes.
 */
export class ClientAuthenticator {
  /**
   * Per application: SHA-256 of the last secret that passed argon2id, and the stored hash it passed
   * against. A client secret carries 256 random bits, so SHA-256 is as safe for it as for bearer
   * tokens (DESIGN 3); argon2id then costs once per process and secret, not on every refresh.
   * Rotation changes the stored hash, so an old secret misses at once.
   */
  private readonly verified = new Map<string, { storedHash: string; secretSha: string }>();

  constructor(
    private readonly passwords: Passwords,
    private readonly throttle: SignInThrottle,
  ) {}

  async authenticate(ctx: RequestContext, credentials: ClientCredentials): Promise<OAuthApplication> {
    const attempt = await this.throttle.attempt(ctx, null);
    let application: OAuthApplication;
    try {
      application = await this.check(ctx, credentials);
    } catch (err) {
      // Only a refused client is a failed attempt; a busy server (503) checked nothing.
      if (!(err instanceof InvalidClient)) await attempt.uncount();
      throw err;
    }
    await attempt.uncount();
    return application;
  }

  private async check(ctx: RequestContext, credentials: ClientCredentials): Promise<OAuthApplication> {
    const { clientId, clientSecret, usedBasic } = credentials;
    const application =
      clientId && /^fci_[0-9a-f]{32}$/.test(clientId) ? await ctx.em.findOne(OAuthApplication, { clientId }) : null;
    // No hash for an unknown or disabled client: unlike an account's e-mail, a client id is no
    // secret (it travels in every authorization URL), so answering faster tells nothing worth
    // hiding, and a dummy argon2 verification would let anyone spend the server's hashing for free.
    if (!application || application.disabled) throw new InvalidClient(usedBasic);
    if (!application.confidential) {
      // A public client has no secret to check; sending one is a misconfigured client.
      if (clientSecret) throw new InvalidClient(usedBasic, 'A public client has no secret');
      return application;
    }
    if (!clientSecret || !(await this.secretMatches(application, clientSecret))) throw new InvalidClient(usedBasic);
    return application;
  }

  private async secretMatches(application: OAuthApplication, secret: string): Promise<boolean> {
    const storedHash = application.clientSecretHash;
    if (!storedHash) return false;
    const secretSha = sha256Hex(secret);
    const memo = this.verified.get(application.id);
    if (memo && memo.storedHash === storedHash && constantTimeEqual(memo.secretSha, secretSha)) return true;
    if (!(await this.passwords.verify(storedHash, secret))) return false;
    if (this.verified.size >= MEMO_LIMIT) this.verified.delete(this.verified.keys().next().value!);
    this.verified.set(application.id, { storedHash, secretSha });
    return true;
  }
}
