import type { EntityManager } from '@mikro-orm/postgresql';
import type { Principal } from '../../core/access';
import type { Clock } from '../../core/clock';
import { executePrepared, prepare } from '../../core/db/prepared-statement';
import type { CredentialRequest, CredentialVerifier } from '../../core/http/authenticator';
import { API_KEY_LOOKUP, apiKeyLookupParams, apiKeyPrincipal, type ApiKeyRow } from '../apikeys/api-key.verifier';
import { countingStatement } from './counting-statement';
import { precount, type PrecountedRequests } from './precounted-requests';
import { quotaPeriod } from './quota-state';

/** API_KEY_LOOKUP and the count in one statement: metering an API-key request costs no extra round trip. */
const AUTHENTICATE_AND_COUNT = prepare(
  'quota_authenticate_api_key_and_count',
  countingStatement(
    `api_key AS (${API_KEY_LOOKUP}),
     credential AS (SELECT organization_id, id AS credential_id, 'apiKey' AS credential_type, plan FROM api_key)`,
    'SELECT k.*, (SELECT total FROM result) AS total FROM api_key k',
  ),
);

/** Replaces ApiKeyVerifier while metering is on: authenticates exactly like it (same lookup), and counts. */
export class CountingApiKeyVerifier implements CredentialVerifier {
  constructor(
    private readonly clock: Clock,
    private readonly precounted: PrecountedRequests,
  ) {}

  async verify(em: EntityManager, request: CredentialRequest): Promise<Principal | null> {
    const params = apiKeyLookupParams(request);
    if (!params) return null;
    const at = this.clock.now();
    const rows = await executePrepared<ApiKeyRow & { total: string | null }>(em, AUTHENTICATE_AND_COUNT, [...params, quotaPeriod(at).period]);
    if (!rows[0]) return null;
    const principal = apiKeyPrincipal(rows[0]);
    this.precounted.set(principal, precount(rows[0].total, at));
    return principal;
  }
}
