import type { EntityManager } from '@mikro-orm/postgresql';
import type { Principal } from '../../core/access';
import type { Clock } from '../../core/clock';
import { executePrepared, prepare } from '../../core/db/prepared-statement';
import type { CredentialRequest, CredentialVerifier } from '../../core/http/authenticator';
import { ACCESS_TOKEN_LOOKUP, accessTokenLookupParams, accessTokenPrincipal, type AccessTokenRow } from '../oauth/access-token.verifier';
import { countingStatement } from './counting-statement';
import { precount, type PrecountedRequests } from './precounted-requests';
import { quotaPeriod } from './quota-state';

/**
 * ACCESS_TOKEN_LOOKUP and the count in one statement, metered as (organization, OAuth application):
 * an OAuth request makes one round trip, like an API-key one. A token the lookup refuses yields no
 * row, so nothing is counted.
 */
const AUTHENTICATE_AND_COUNT = prepare(
  'quota_authenticate_access_token_and_count',
  countingStatement(
    `access_token AS (${ACCESS_TOKEN_LOOKUP}),
     credential AS (SELECT organization_id, application_id AS credential_id, 'oauth' AS credential_type, plan FROM access_token)`,
    'SELECT t.*, (SELECT total FROM result) AS total FROM access_token t',
  ),
);

/** Replaces AccessTokenVerifier while metering is on: authenticates exactly like it (same lookup, same instant), and counts. */
export class CountingAccessTokenVerifier implements CredentialVerifier {
  constructor(
    private readonly clock: Clock,
    private readonly precounted: PrecountedRequests,
  ) {}

  async verify(em: EntityManager, request: CredentialRequest): Promise<Principal | null> {
    const at = this.clock.now();
    const params = accessTokenLookupParams(request, at);
    if (!params) return null;
    const rows = await executePrepared<AccessTokenRow & { total: string | null }>(em, AUTHENTICATE_AND_COUNT, [...params, quotaPeriod(at).period]);
    if (!rows[0]) return null;
    const principal = accessTokenPrincipal(rows[0]);
    this.precounted.set(principal, precount(rows[0].total, at));
    return principal;
  }
}
