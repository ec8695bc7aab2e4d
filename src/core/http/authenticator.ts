import type { EntityManager } from '@mikro-orm/postgresql';
import type { Principal } from '../access';
import { OrganizationHeaderNotAllowed, UnauthorizedError } from '../errors';
import type { PrefixVerifier } from '../module';

export interface CredentialRequest {
  token: string;
  /** X-Organization-Id, when sent. */
  organizationId: string | null;
}

/** Turns one kind of bearer token into a principal, or null when it is not valid. */
export interface CredentialVerifier {
  verify(em: EntityManager, request: CredentialRequest): Promise<Principal | null>;
}

/**
 * The router a request came in through: `api` (/api/v1, GraphQL, pages) or `pos` (/api/pos, the
 * registers). Each credential kind is valid in one area only.
 */
export type RequestArea = 'api' | 'pos';

/** Session JWTs (tokens without a known prefix) are for people, in the api area only. */
const SESSION_AREA: RequestArea = 'api';

/**
 * One authentication path for every credential kind, chosen by token prefix; anything without a
 * known prefix is tried as a session JWT. A token is accepted only in the area its kind declares,
 * so an area no other kind declares (pos) accepts its own tokens and nothing else. Every failure
 * is the same UnauthorizedError.
 */
export class Authenticator {
  private readonly byPrefix: ReadonlyMap<string, PrefixVerifier>;

  /** Built once by the composition root from every module's verifiers (src/core/compose.ts). */
  constructor(
    verifiers: readonly PrefixVerifier[],
    private readonly sessionVerifier: CredentialVerifier | null,
  ) {
    this.byPrefix = new Map(verifiers.map((v) => [v.prefix, v]));
  }

  async authenticate(em: EntityManager, request: CredentialRequest, area: RequestArea): Promise<Principal> {
    const verifier = this.verifierFor(request, area);
    const principal = verifier ? await verifier.verify(em, request) : null;
    if (!principal) throw new UnauthorizedError();
    return principal;
  }

  private verifierFor(request: CredentialRequest, area: RequestArea): CredentialVerifier | null {
    const { token } = request;
    const prefix = /^[a-z]+_/.exec(token)?.[0];
    const kind = prefix ? this.byPrefix.get(prefix) : undefined;
    if (kind) {
      if (kind.area !== area) return null;
      if (kind.refusesOrganizationHeader && request.organizationId !== null) throw new OrganizationHeaderNotAllowed();
      return kind.verifier;
    }
    if (prefix && token.length === prefix.length + 64) return null; // a known-shaped token of an unregistered kind
    return area === SESSION_AREA ? this.sessionVerifier : null;
  }
}
