import type { EntityManager } from '@mikro-orm/postgresql';
import { intersect, permissionsFromScopes, rolePermissions, type Principal, type Scope } from '../../core/access';
import type { Clock } from '../../core/clock';
import { query } from '../../core/db/sql';
import type { CredentialRequest, CredentialVerifier } from '../../core/http/authenticator';
import { TWO_FACTOR_MISSING } from '../../core/http/gate';
import { sha256Hex } from '../../core/secrets';
import type { MembershipRow } from '../identity/identity.module';
import { ACCESS_TOKEN_LOOKUP, LOOK_UP_ACCESS_TOKEN } from './oauth.queries';
import { intersectScopes } from './oauth.scopes';
import { ACCESS_TOKEN_PREFIX } from './token.service';

const SHAPE = /^fat_[0-9a-f]{64}$/;

export interface AccessTokenRow extends MembershipRow {
  token_id: string;
  token_scopes: Scope[];
  consent_id: string;
  consent_scopes: Scope[];
  user_id: string;
  application_id: string;
  application_scopes: Scope[];
  /** The company requires two-factor login the person has not enabled: the gate refuses the token's requests. */
  two_factor_missing: boolean;
}

/** Parameters of ACCESS_TOKEN_LOOKUP (oauth.queries.ts) at `now` (the Clock's), or null when the token cannot be an access token at all. */
export function accessTokenLookupParams(request: CredentialRequest, now: Date): unknown[] | null {
  if (!SHAPE.test(request.token)) return null;
  return [sha256Hex(request.token), now];
}

/** Effective access: token scopes ∩ current consent ∩ application scopes ∩ the user's current permissions, within their departments. */
export function accessTokenPrincipal(r: AccessTokenRow): Principal {
  const scopes = intersectScopes(r.token_scopes, r.consent_scopes, r.application_scopes);
  return {
    kind: 'oauth',
    organization: { id: r.organization_id, name: r.name, plan: r.plan },
    credentialId: r.application_id,
    userId: r.user_id,
    role: r.role,
    permissions: intersect(permissionsFromScopes(scopes), rolePermissions(r.role, r.permissions)),
    departmentIds: r.role === 'OWNER' ? null : r.department_ids,
    attributes: {
      applicationId: r.application_id,
      consentId: r.consent_id,
      tokenId: r.token_id,
      scope: scopes.join(' '),
      ...(r.two_factor_missing ? { [TWO_FACTOR_MISSING]: 'true' } : {}),
    },
  };
}

/** OAuth access tokens; effective access is recomputed on every request (replaced by the quota module's counting verifier while metering is on). */
export class AccessTokenVerifier implements CredentialVerifier {
  constructor(private readonly clock: Clock) {}

  async verify(em: EntityManager, request: CredentialRequest): Promise<Principal | null> {
    const params = accessTokenLookupParams(request, this.clock.now());
    if (!params) return null;
    const rows = await query<AccessTokenRow>(em, LOOK_UP_ACCESS_TOKEN, params);
    return rows[0] ? accessTokenPrincipal(rows[0]) : null;
  }
}

/** The token lookup as the quota module embeds it, to authenticate and count a request in one statement. */
export const accessTokenLookup = {
  prefix: ACCESS_TOKEN_PREFIX,
  lookup: ACCESS_TOKEN_LOOKUP,
  credentialIdColumn: 'application_id',
  params: accessTokenLookupParams,
  principal: accessTokenPrincipal,
};
