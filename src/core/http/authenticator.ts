import type { EntityManager } from '@mikro-orm/postgresql';
import type { Principal } from '../access';
import { OrganizationHeaderNotAllowed, UnauthorizedError } from '../errors';

export interface CredentialRequest {
  token: string;
  /** X-Organization-Id, when sent. */
  organizationId: string | null;
}

/** Turns one kind of bearer token into a principal, or null when it is not valid. */
export interface CredentialVerifier {
  verify(em: EntityManager, request: CredentialRequest): Promise<Principal | null>;
}

const POS_PREFIX = 'pos_';
const OAUTH_PREFIX = 'fat_';

/**
 * One authentication path for every credential kind, chosen by token prefix; anything without a
 * known prefix is tried as a session JWT. POS device tokens are accepted only under /api/pos and
 * nothing else is accepted there. Every failure is the same UnauthorizedError.
 */
export class Authenticator {
  /** Built once by the composition root from every module's verifiers (src/core/compose.ts). */
  constructor(
    private readonly byPrefix: ReadonlyMap<string, CredentialVerifier>,
    private readonly sessionVerifier: CredentialVerifier | null,
  ) {}

  async authenticate(em: EntityManager, request: CredentialRequest, area: 'api' | 'pos'): Promise<Principal> {
    const { token } = request;
    const isPos = token.startsWith(POS_PREFIX);
    if (isPos !== (area === 'pos')) throw new UnauthorizedError();
    if (token.startsWith(OAUTH_PREFIX) && request.organizationId !== null) {
      throw new OrganizationHeaderNotAllowed();
    }
    const verifier = this.verifierFor(token);
    const principal = verifier ? await verifier.verify(em, request) : null;
    if (!principal) throw new UnauthorizedError();
    return principal;
  }

  private verifierFor(token: string): CredentialVerifier | null {
    const prefix = /^[a-z]+_/.exec(token)?.[0];
    if (prefix && this.byPrefix.has(prefix)) return this.byPrefix.get(prefix)!;
    if (prefix && token.length === prefix.length + 64) return null; // a known-shaped token of an unregistered kind
    return this.sessionVerifier;
  }
}
