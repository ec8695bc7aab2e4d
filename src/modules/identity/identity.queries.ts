import type { EntityManager } from '@mikro-orm/postgresql';
import { query, sql } from '../../core/db/sql';

/**
 * A live session with the membership it acts in, in one indexed lookup (sessions.token_hash unique,
 * memberships (user_id, organization_id) unique): (token hash, now[, organization]).
 * two_factor_missing: the company requires two-factor login and the person has not enabled it (a
 * primary-key probe of user_two_factor, evaluated only when the company requires it).
 */
const SESSION_PRINCIPAL = `SELECT s.id AS session_id, s.user_id, s.last_seen_at,
      m.role, m.permissions, m.department_ids, o.id AS organization_id, o.name, o.plan,
      (o.require_two_factor AND NOT EXISTS (SELECT 1 FROM user_two_factor t
        WHERE t.user_id = m.user_id AND t.enabled_at IS NOT NULL)) AS two_factor_missing
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

/**
 * Sign-in throttling (table sign_in_counters, Migration0017SignInThrottle). Counts one attempt on
 * each key: (now, keys[], window seconds[]). A counter whose window has passed starts a new window
 * at `now`. One upsert per statement is atomic per row, so parallel requests and other processes
 * each see their own count; callers pass the keys sorted, so two statements lock rows in one order.
 */
export const COUNT_SIGN_IN_ATTEMPT = sql(
  `INSERT INTO sign_in_counters AS c (key, window_start, window_seconds, count)
   SELECT t.k, ?::timestamptz, t.w, 1 FROM unnest(?::text[], ?::int[]) AS t(k, w)
   ON CONFLICT (key) DO UPDATE SET
     count = CASE WHEN c.window_start + make_interval(secs => c.window_seconds) <= excluded.window_start
                  THEN 1 ELSE c.count + 1 END,
     window_start = CASE WHEN c.window_start + make_interval(secs => c.window_seconds) <= excluded.window_start
                  THEN excluded.window_start ELSE c.window_start END,
     window_seconds = excluded.window_seconds
   RETURNING c.key, c.window_start::text AS window_start, c.count,
     (extract(epoch FROM c.window_start) * 1000 + c.window_seconds * 1000)::float8 AS window_ends_ms`,
  'identity_sign_in_count',
);

/** Takes back one counted attempt per key, only within the window it was counted in: (keys[], window starts[] as returned). */
export const UNCOUNT_SIGN_IN_ATTEMPT = sql(
  `UPDATE sign_in_counters c SET count = c.count - 1
   FROM unnest(?::text[], ?::timestamptz[]) AS t(k, s)
   WHERE c.key = t.k AND c.window_start = t.s AND c.count > 0`,
  'identity_sign_in_uncount',
);

/** A person's failures end with a completed sign-in: (key). */
export const CLEAR_SIGN_IN_COUNTER = sql(`DELETE FROM sign_in_counters WHERE key = ?`, 'identity_sign_in_clear');

/** Counters whose window started before the cutoff (longer ago than the longest window): (cutoff). */
export const PURGE_SIGN_IN_COUNTERS = sql(
  `WITH gone AS (DELETE FROM sign_in_counters WHERE window_start < ? RETURNING 1) SELECT count(*)::int AS n FROM gone`,
);

const DELETE_OVER_SESSIONS = sql(
  `WITH gone AS (
     DELETE FROM sessions WHERE id IN (
       SELECT id FROM sessions WHERE expires_at <= ? OR ended_at <= ? LIMIT ? FOR UPDATE SKIP LOCKED)
     RETURNING 1)
   SELECT count(*)::int AS n FROM gone`,
);

/** Retention: deletes up to `limit` sessions that expired or were ended by `now` (they no longer sign anyone in). */
export async function deleteOverSessions(em: EntityManager, now: Date, limit: number): Promise<number> {
  const [row] = await query<{ n: number }>(em, DELETE_OVER_SESSIONS, [now, now, limit]);
  return row.n;
}
