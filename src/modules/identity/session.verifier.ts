import type { EntityManager } from '@mikro-orm/postgresql';
import { rolePermissions, type Permissions, type Principal, type Role } from '../../core/access';
import type { Clock } from '../../core/clock';
import type { CredentialRequest, CredentialVerifier } from '../../core/http/authenticator';
import { TWO_FACTOR_MISSING } from '../../core/http/gate';
import { query } from '../../core/db/sql';
import { isUuid } from '../../core/fields';
import { SESSION_LOOKUP_FIRST, SESSION_LOOKUP_IN, TOUCH_SESSION } from './identity.queries';
import { SESSION_TOUCH_MS, SessionStore } from './session-store';

/** A user's membership with its organization, as the credential lookups read it (sessions, OAuth tokens). */
export interface MembershipRow {
  role: Role;
  permissions: Partial<Permissions>;
  department_ids: string[] | null;
  organization_id: string;
  name: string;
  plan: string;
}

/** The session lookup's row: the session, its membership, and whether the company waits for the person's two-factor login. */
interface SessionRow extends MembershipRow {
  session_id: string;
  user_id: string;
  /** As the driver returns timestamptz here: text. */
  last_seen_at: string | Date;
  two_factor_missing: boolean;
}

/**
 * A session token (`fks_`) acts in one of the person's organizations: X-Organization-Id, else the
 * first. One indexed lookup per request; last_seen_at is written at most once a minute per session.
 */
export class SessionVerifier implements CredentialVerifier {
  constructor(private readonly clock: Clock) {}

  async verify(em: EntityManager, request: CredentialRequest): Promise<Principal | null> {
    const hash = SessionStore.hashOf(request.token);
    if (!hash) return null;
    if (request.organizationId !== null && !isUuid(request.organizationId)) return null;
    const now = this.clock.now();
    const rows = request.organizationId
      ? await query<SessionRow>(em, SESSION_LOOKUP_IN, [hash, now, request.organizationId])
      : await query<SessionRow>(em, SESSION_LOOKUP_FIRST, [hash, now]);
    const s = rows[0];
    if (!s) return null;
    const stale = new Date(now.getTime() - SESSION_TOUCH_MS);
    if (new Date(s.last_seen_at).getTime() < stale.getTime())
      await query(em, TOUCH_SESSION, [now, s.session_id, stale]);
    return {
      kind: 'session',
      organization: { id: s.organization_id, name: s.name, plan: s.plan },
      credentialId: null,
      userId: s.user_id,
      role: s.role,
      permissions: rolePermissions(s.role, s.permissions),
      departmentIds: s.role === 'OWNER' ? null : s.department_ids,
      attributes: { sessionId: s.session_id, ...(s.two_factor_missing ? { [TWO_FACTOR_MISSING]: 'true' } : {}) },
    };
  }
}
