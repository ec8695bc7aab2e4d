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

/**
 * One authentication path for every credential kind, chosen by token prefix (sessions `fks_` too);
 * a token without a known prefix is refused. A token is accepted only in the area its kind
 * declares, so an area no other kind declares (pos) accepts its own tokens and nothing else. Every
 * failure is the same UnauthorizedError.
 */
export class Authenticator {
  private readonly byPrefix: ReadonlyMap<string, PrefixVerifier>;

  /** Built once by the composition root from every module's verifiers (src/core/compose.ts). */
  constructor(verifiers: readonly PrefixVerifier[]) {
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
    if (!kind || kind.area !== area) return null;
    if (kind.refusesOrganizationHeader && request.organizationId !== null) throw new OrganizationHeaderNotAllowed();
    return kind.verifier;
  }
}
