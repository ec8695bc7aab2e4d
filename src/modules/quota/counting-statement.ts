import { PLAN_LIMITS } from './quota-plans';

/** Unlimited plans spread their counting over this many rows per credential and month. */
export const COUNTER_SHARDS = 16;

const PLAN_LIMIT_ROWS = Object.entries(PLAN_LIMITS)
  .map(([plan, limit]) => `('${plan}', ${limit === null ? 'NULL' : limit}::bigint)`)
  .join(', ');

/*
 * Counts one request in one statement (one round trip), given a CTE `credential (organization_id,
 * credential_id, credential_type, plan)` that yields one row for a valid credential and none
 * otherwise (then nothing is counted), followed by one `?` parameter: the month, YYYY-MM-01.
 *
 * Limited plan: shard 0, and only while the month's total is below the limit, so the row lock of
 * ON CONFLICT DO UPDATE serialises the credential's requests across every process and the total
 * never passes the limit. Other shards only hold requests counted while the plan was unlimited.
 * Unlimited plan: the shard of this database connection, so concurrent requests do not queue on one
 * row; the total reported is this shard's new count plus the others' committed counts.
 *
 * The set_config is SET LOCAL for this statement's own transaction: its commit does not wait for the
 * WAL flush; a crash may forget the last increments, which can only under-count, never over-admit.
 *
 * `total` is the month's total including this request, or NULL when the limit refused it.
 */
export function countingStatement(credentialCte: string, select: string): string {
  return `
  WITH ${credentialCte},
  target AS (
    SELECT c.organization_id, c.credential_id, c.credential_type, l.monthly, ?::date AS period,
           CASE WHEN l.monthly IS NULL THEN pg_backend_pid() % ${COUNTER_SHARDS} ELSE 0 END AS shard
      FROM credential c JOIN (VALUES ${PLAN_LIMIT_ROWS}) AS l (plan, monthly) ON l.plan = c.plan
  ),
  others AS (
    SELECT COALESCE(sum(u.used), 0) AS used
      FROM target t JOIN quota_usage u
        ON u.organization_id = t.organization_id AND u.credential_id = t.credential_id AND u.period = t.period AND u.shard <> t.shard
  ),
  counted AS (
    INSERT INTO quota_usage AS q (organization_id, credential_id, period, shard, credential_type, used)
    SELECT t.organization_id, t.credential_id, t.period, t.shard, t.credential_type, 1
      FROM target t, others o, (SELECT set_config('synchronous_commit', 'off', true)) AS async_commit
     WHERE t.monthly IS NULL OR o.used < t.monthly
    ON CONFLICT (organization_id, credential_id, period, shard) DO UPDATE SET used = q.used + 1
     WHERE (SELECT monthly FROM target) IS NULL OR q.used + (SELECT used FROM others) < (SELECT monthly FROM target)
    RETURNING q.used
  ),
  result AS (SELECT (SELECT used FROM counted) + (SELECT used FROM others) AS total)
  ${select}`;
}
