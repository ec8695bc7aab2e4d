import type { EntityManager } from '@mikro-orm/postgresql';
import { rolePermissions, type Permissions, type Principal, type Role } from '../../core/access';
import type { CredentialRequest, CredentialVerifier } from '../../core/http/authenticator';
import { TWO_FACTOR_MISSING } from '../../core/http/gate';
import { query } from '../../core/db/sql';
import { isUuid } from '../../core/fields';
import { SESSION_FIRST_MEMBERSHIP, SESSION_MEMBERSHIP_IN } from './identity.queries';
import type { SessionTokens } from './session-tokens';

/** A user's membership with its organization, as the credential lookups read it (sessions, OAuth tokens). */
export interface MembershipRow {
  role: Role;
  permissions: Partial<Permissions>;
  department_ids: string[] | null;
  organization_id: string;
  name: string;
  plan: string;
}

/** The session lookup's row: the membership and whether the company waits for the person's two-factor login. */
interface SessionMembershipRow extends MembershipRow {
  two_factor_missing: boolean;
}

/** A session JWT acts in one of the user's organizations: X-Organization-Id, else the first. */
export class SessionVerifier implements CredentialVerifier {
  constructor(private readonly sessions: SessionTokens) {}

  async verify(em: EntityManager, request: CredentialRequest): Promise<Principal | null> {
    const userId = await this.sessions.verify(request.token);
    if (!userId) return null;
    if (request.organizationId !== null && !isUuid(request.organizationId)) return null;
    const rows = request.organizationId
      ? await query<SessionMembershipRow>(em, SESSION_MEMBERSHIP_IN, [userId, request.organizationId])
      : await query<SessionMembershipRow>(em, SESSION_FIRST_MEMBERSHIP, [userId]);
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
      attributes: m.two_factor_missing ? { [TWO_FACTOR_MISSING]: 'true' } : {},
    };
  }
}
