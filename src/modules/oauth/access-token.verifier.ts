import type { EntityManager } from '@mikro-orm/postgresql';
import { intersect, permissionsFromScopes, rolePermissions, type Permissions, type Principal, type Role, type Scope } from '../../core/access';
import type { Clock } from '../../core/clock';
import type { CredentialRequest, CredentialVerifier } from '../../core/http/authenticator';
import { sha256Hex } from '../../core/secrets';
import { intersectScopes } from './oauth.scopes';

const SHAPE = /^fat_[0-9a-f]{64}$/;

interface AccessRow {
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

/**
 * OAuth access tokens. Effective access is recomputed on every request, in one round trip:
 * token scopes ∩ current consent ∩ application scopes ∩ the user's current permissions, limited to
 * the user's departments. Expired, rotated, consent revoked, application disabled and membership
 * gone all fail the same join (same 401).
 */
export class AccessTokenVerifier implements CredentialVerifier {
  constructor(private readonly clock: Clock) {}

  async verify(em: EntityManager, request: CredentialRequest): Promise<Principal | null> {
    if (!SHAPE.test(request.token)) return null;
    const rows = await em.getConnection().execute<AccessRow[]>(
      `SELECT t.id AS token_id, t.scopes AS token_scopes, c.id AS consent_id, c.scopes AS consent_scopes, c.user_id,
              a.id AS application_id, a.scopes AS application_scopes,
              m.role, m.permissions, m.department_ids, o.id AS organization_id, o.name, o.plan
         FROM oauth_tokens t
         JOIN oauth_consents c ON c.id = t.consent_id AND c.revoked_at IS NULL
         JOIN oauth_applications a ON a.id = c.application_id AND NOT a.disabled
         JOIN memberships m ON m.user_id = c.user_id AND m.organization_id = c.organization_id
         JOIN organizations o ON o.id = c.organization_id
        WHERE t.access_hash = ? AND t.rotated_at IS NULL AND t.access_expires_at > ?`,
      [sha256Hex(request.token), this.clock.now()],
    );
    const r = rows[0];
    if (!r) return null;
    const scopes = intersectScopes(r.token_scopes, r.consent_scopes, r.application_scopes);
    return {
      kind: 'oauth',
      organization: { id: r.organization_id, name: r.name, plan: r.plan },
      credentialId: r.application_id,
      userId: r.user_id,
      role: r.role,
      permissions: intersect(permissionsFromScopes(scopes), rolePermissions(r.role, r.permissions)),
      departmentIds: r.role === 'OWNER' ? null : r.department_ids,
      attributes: { applicationId: r.application_id, consentId: r.consent_id, tokenId: r.token_id, scope: scopes.join(' ') },
    };
  }
}
