import { sql, type Statement } from '../../core/db/sql';
import { PLAN_LIMITS } from './quota-plans';
import type { MeteredCredential } from './quota-usage.entity';

/** The plan's monthly limit in SQL (NULL = unlimited), from the same table the headers use. */
const MONTHLY_LIMIT_OF_PLAN = `CASE c.plan ${Object.entries(PLAN_LIMITS)
  .map(([plan, limit]) => `WHEN '${plan}' THEN ${limit === null ? 'NULL' : limit}`)
  .join(' ')} END`;

/*
 * Counts one request in one statement (one round trip), given a CTE `credential (organization_id,
 * credential_id, credential_type, plan)` that yields one row for a valid credential and none
 * otherwise (then nothing is counted), followed by one `?` parameter: the month, YYYY-MM-01.
 *
 * The upsert adds one only while the counter is below the plan's limit: the row lock of ON CONFLICT
 * DO UPDATE serialises one credential's requests across every process, so the counter never passes
 * the limit, and a refused request changes nothing. An unlimited plan counts the same way (its usage
 * stays readable and exact). The set_config is SET LOCAL for this statement's own transaction: its
 * commit does not wait for the WAL flush; a crash may forget the last increments, which can only
 * under-count, never over-admit.
 *
 * `result.total` is the month's count including this request, or NULL when the limit refused it.
 */
function countingStatement(credentialCte: string, select: string): string {
  return `
  WITH ${credentialCte},
  target AS (
    SELECT c.organization_id, c.credential_id, c.credential_type, ?::date AS period, ${MONTHLY_LIMIT_OF_PLAN}::bigint AS monthly
      FROM credential c
  ),
  counted AS (
    INSERT INTO quota_usage AS q (organization_id, credential_id, period, credential_type, used)
    SELECT t.organization_id, t.credential_id, t.period, t.credential_type, 1
      FROM target t, (SELECT set_config('synchronous_commit', 'off', true)) AS async_commit
    ON CONFLICT (organization_id, credential_id, period) DO UPDATE SET used = q.used + 1
     WHERE (SELECT monthly FROM target) IS NULL OR q.used < (SELECT monthly FROM target)
    RETURNING q.used
  ),
  result AS (SELECT (SELECT used FROM counted) AS total)
  ${select}`;
}

/** Counts a request of a known credential: (organization, credential, type, plan, month) → total. */
export const COUNT_REQUEST = sql(
  countingStatement(
    'credential AS (SELECT ?::uuid AS organization_id, ?::uuid AS credential_id, ?::text AS credential_type, ?::text AS plan)',
    'SELECT total FROM result',
  ),
  'quota_count_request',
);

/**
 * Authenticates with a credential kind's own lookup (SQL its module owns: one row for a valid
 * credential, none otherwise) and counts the request in the same statement: the lookup's parameters,
 * then the month. Returns the lookup's row with `total`.
 */
export function lookUpAndCount(
  name: string,
  lookup: { lookup: string; credentialIdColumn: string; credentialType: MeteredCredential },
): Statement {
  return sql(
    countingStatement(
      `looked_up AS (${lookup.lookup}),
       credential AS (SELECT organization_id, ${lookup.credentialIdColumn} AS credential_id, '${lookup.credentialType}' AS credential_type, plan FROM looked_up)`,
      'SELECT l.*, (SELECT total FROM result) AS total FROM looked_up l',
    ),
    name,
  );
}
