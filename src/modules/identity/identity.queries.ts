import { sql } from '../../core/db/sql';

// two_factor_missing: the company requires two-factor login and the person has not enabled it (a
// primary-key probe of user_two_factor, evaluated only when the company requires it).
const MEMBERSHIP_OF_SESSION = `SELECT m.role, m.permissions, m.department_ids, o.id AS organization_id, o.name, o.plan,
    (o.require_two_factor AND NOT EXISTS (SELECT 1 FROM user_two_factor t
      WHERE t.user_id = m.user_id AND t.enabled_at IS NOT NULL)) AS two_factor_missing
    FROM memberships m JOIN organizations o ON o.id = m.organization_id`;

/** A session's membership in the organization it names: (user, organization). */
export const SESSION_MEMBERSHIP_IN = sql(
  `${MEMBERSHIP_OF_SESSION} WHERE m.user_id = ? AND m.organization_id = ?`,
  'identity_session_membership_in',
);

/** A session without X-Organization-Id acts in the user's first organization: (user). */
export const SESSION_FIRST_MEMBERSHIP = sql(
  `${MEMBERSHIP_OF_SESSION} WHERE m.user_id = ? ORDER BY m.created_at LIMIT 1`,
  'identity_session_first_membership',
);
