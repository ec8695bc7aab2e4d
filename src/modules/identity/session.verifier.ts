import type { EntityManager } from '@mikro-orm/postgresql';
import { rolePermissions, type Permissions, type Principal, type Role } from '../../core/access';
import type { CredentialRequest, CredentialVerifier } from '../../core/http/authenticator';
import { isUuid } from '../../core/fields';
import type { SessionTokens } from './session-tokens';

interface MembershipRow {
  role: Role;
  permissions: Partial<Permissions>;
  department_ids: string[] | null;
  organization_id: string;
  name: string;
  plan: string;
}

/** A session JWT acts in one of the user's organizations: X-Organization-Id, else the first. */
export class SessionVerifier implements CredentialVerifier {
  constructor(private readonly sessions: SessionTokens) {}

  async verify(em: EntityManager, request: CredentialRequest): Promise<Principal | null> {
    const userId = await this.sessions.verify(request.token);
    if (!userId) return null;
    if (request.organizationId !== null && !isUuid(request.organizationId)) return null;
    const rows = await em.getConnection().execute<MembershipRow[]>(
      `SELECT m.role, m.permissions, m.department_ids, o.id AS organization_id, o.name, o.plan
         FROM memberships m JOIN organizations o ON o.id = m.organization_id
        WHERE m.user_id = ? ${request.organizationId ? 'AND m.organization_id = ?' : ''}
        ORDER BY m.created_at LIMIT 1`,
      request.organizationId ? [userId, request.organizationId] : [userId],
    );
    const m = rows[0];
    if (!m) return null;
    return {
      kind: 'session',
      organization: { id: m.organization_id, name: m.name, plan: m.plan },
      credentialId: null,
      userId,
      role: m.role,
      permissions: rolePermissions(m.role, m.permissions),
      departmentIds: m.role === 'OWNER' ? null : m.department_ids,
      attributes: {},
    };
  }
}
