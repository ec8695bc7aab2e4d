import type { EntityManager } from '@mikro-orm/postgresql';
import type { Principal } from '../../core/access';
import type { Clock } from '../../core/clock';
import type { CredentialRequest, CredentialVerifier } from '../../core/http/authenticator';
import { API_KEY_LOOKUP, apiKeyLookupParams, apiKeyPrincipal, type ApiKeyRow } from '../apikeys/api-key.verifier';
import { PLAN_LIMITS } from './quota-plans';
import { quotaPeriod } from './quota-state';

/** A request counted by the statement that authenticated it: the new total (null: refused, limit reached) and the instant counted at. */
export interface Precount {
  used: number | null;
  at: Date;
}
export type PrecountedRequests = WeakMap<Principal, Precount>;

const PLAN_LIMIT_ROWS = Object.entries(PLAN_LIMITS)
  .map(([plan, limit]) => `('${plan}', ${limit === null ? 'NULL' : limit}::bigint)`)
  .join(', ');

/*
 * API_KEY_LOOKUP and the quota upsert of QuotaCounter in one statement, so metering an API-key
 * request costs no extra round trip. Nothing is inserted unless the lookup found a valid key, so a
 * refused credential is never counted; the limit comes from the plan read in the same statement.
 */
const AUTHENTICATE_AND_COUNT = `
  WITH credential AS (${API_KEY_LOOKUP}),
  plan_limit AS (
    SELECT l.monthly FROM credential c JOIN (VALUES ${PLAN_LIMIT_ROWS}) AS l (plan, monthly) ON l.plan = c.plan
  ),
  counted AS (
    INSERT INTO quota_usage AS q (organization_id, credential_id, period, credential_type, used)
    SELECT c.organization_id, CASE WHEN ? THEN gen_random_uuid() ELSE c.id END, ?, 'apiKey', 1
      FROM credential c, (SELECT set_config('synchronous_commit', 'off', true)) AS async_commit
    ON CONFLICT (organization_id, credential_id, period) DO UPDATE SET used = q.used + 1
     WHERE (SELECT monthly FROM plan_limit) IS NULL OR q.used < (SELECT monthly FROM plan_limit)
    RETURNING q.used
  )
  SELECT c.*, (SELECT used FROM counted) AS counted FROM credential c`;

/** Replaces ApiKeyVerifier while metering is on: authenticates exactly like it, and counts. */
export class CountingApiKeyVerifier implements CredentialVerifier {
  constructor(
    private readonly clock: Clock,
    private readonly precounted: PrecountedRequests,
  ) {}

  async verify(em: EntityManager, request: CredentialRequest): Promise<Principal | null> {
    const params = apiKeyLookupParams(request);
    if (!params) return null;
    const at = this.clock.now();
    const { period } = quotaPeriod(at);
    const rows = await em.getConnection().execute<(ApiKeyRow & { counted: string | null })[]>(AUTHENTICATE_AND_COUNT, [...params, process.env.QX === 'spread', period]);
    if (!rows[0]) return null;
    const principal = apiKeyPrincipal(rows[0]);
    this.precounted.set(principal, { used: rows[0].counted === null ? null : Number(rows[0].counted), at });
    return principal;
  }
}
