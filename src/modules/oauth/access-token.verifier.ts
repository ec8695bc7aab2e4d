import type { EntityManager } from '@mikro-orm/postgresql';
import {
  intersect,
  permissionsFromScopes,
  rolePermissions,
  type Permissions,
  type Principal,
  type Role,
  type Scope,
} from '../../core/access';
import type { Clock } from '../../core/clock';
import { executePrepared, prepare } from '../../core/db/prepared-statement';
import type { CredentialRequest, CredentialVerifier } from '../../core/http/authenticator';
import { sha256Hex } from '../../core/secrets';
import { intersectScopes } from './oauth.scopes';

const SHAPE = /^fat_[0-9a-f]{64}$/;

/**
 * The live access token of a request, with everything its effective access depends on, in one
 * round trip. Expired, rotated, consent revoked, application disabled and membership gone all fail
 * the same join (no row: the same 401). Bound by `accessTokenLookupParams`. The quota module embeds
 * it to count in the same statement, so every rule of validity lives here, in SQL.
 */
export const ACCESS_TOKEN_LOOKUP = `SELECT t.id AS token_id, t.scopes AS token_scopes, c.id AS consent_id, c.scopes AS consent_scopes, c.user_id,
         a.id AS application_id, a.scopes AS application_scopes,
         m.role, m.permissions, m.department_ids, o.id AS organization_id, o.name, o.plan
    FROM oauth_tokens t
    JOIN oauth_consents c ON c.id = t.consent_id AND c.revoked_at IS NULL
    JOIN oauth_applications a ON a.id = c.application_id AND NOT a.disabled
    JOIN memberships m ON m.user_id = c.user_id AND m.organization_id = c.organization_id
    JOIN organizations o ON o.id = c.organization_id
   WHERE t.access_hash = ? AND t.rotated_at IS NULL AND t.access_expires_at > ?`;

export interface AccessTokenRow {
  token_id: string;
  token_scopes: Scope[];
  consent_id: string;
  consent_scopes: Scope[];
  user_id: string;
  application_id: string;
  application_scopes: Scope[];
  role: Role;
  permissions: Partial<Permissions>;
  department_ids: string[] | null;
  organization_id: string;
  name: string;
  plan: string;
}

/** Parameters of ACCESS_TOKEN_LOOKUP at `now` (the Clock's), or null when the token cannot be an access token at all. */
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
    },
  };
}

const LOOK_UP_ACCESS_TOKEN = prepare('oauth_look_up_access_token', ACCESS_TOKEN_LOOKUP);

/** OAuth access tokens; effective access is recomputed on every request (replaced by the quota module's counting verifier while metering is on). */
export class AccessTokenVerifier implements CredentialVerifier {
  constructor(private readonly clock: Clock) {}

  async verify(em: EntityManager, request: CredentialRequest): Promise<Principal | null> {
    const params = accessTokenLookupParams(request, this.clock.now());
    if (!params) return null;
    const rows = await executePrepared<AccessTokenRow>(em, LOOK_UP_ACCESS_TOKEN, params);
    return rows[0] ? accessTokenPrincipal(rows[0]) : null;
  }
}
