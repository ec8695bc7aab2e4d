import { sql } from '../../core/db/sql';

/**
 * A live session with the membership it acts in, in one indexed lookup (sessions.token_hash unique,
 * memberships (user_id, organization_id) unique): (token hash, now[, organization]).
 */
const SESSION_PRINCIPAL = `SELECT s.id AS session_id, s.user_id, s.last_seen_at,
      m.role, m.permissions, m.department_ids, o.id AS organization_id, o.name, o.plan
    FROM sessions s
    JOIN memberships m ON m.user_id = s.user_id
    JOIN organizations o ON o.id = m.organization_id
    WHERE s.token_hash = ? AND s.ended_at IS NULL AND s.expires_at > ?`;

/** A session in the organization it names (X-Organization-Id): (token hash, now, organization). */
export const SESSION_LOOKUP_IN = sql(`${SESSION_PRINCIPAL} AND m.organization_id = ?`, 'identity_session_lookup_in');

/** A session without X-Organization-Id acts in the person's first organization: (token hash, now). */
export const SESSION_LOOKUP_FIRST = sql(
  `${SESSION_PRINCIPAL} ORDER BY m.created_at LIMIT 1`,
  'identity_session_lookup_first',
);

/** Records that a session was used, at most once per interval: (now, session id, now - interval). */
export const TOUCH_SESSION = sql(
  `UPDATE sessions SET last_seen_at = ? WHERE id = ? AND last_seen_at < ?`,
  'identity_touch_session',
);
