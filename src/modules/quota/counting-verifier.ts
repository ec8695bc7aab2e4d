import type { EntityManager } from '@mikro-orm/postgresql';
import type { Principal } from '../../core/access';
import type { Clock } from '../../core/clock';
import { executePrepared, prepare, type PreparedStatement } from '../../core/db/prepared-statement';
import type { CredentialRequest, CredentialVerifier } from '../../core/http/authenticator';
import { countingStatement } from './counting-statement';
import type { MeteredCredential } from './quota-usage.entity';
import { precount, type PrecountedRequests } from './precounted-requests';
import { quotaPeriod } from './quota-state';

/** A credential kind's own lookup, as its module exports it, and how its rows are metered. */
export interface MeteredLookup<Row> {
  /** Name of the prepared statement (one per kind). */
  statementName: string;
  /** The module's lookup SQL: one row for a valid credential, none otherwise. */
  lookup: string;
  /** Column of the lookup row that names the metered credential (API key id, OAuth application id). */
  credentialIdColumn: string;
  credentialType: MeteredCredential;
  params(request: CredentialRequest, at: Date): unknown[] | null;
  principal(row: Row): Principal;
}

/**
 * Replaces a kind's verifier while metering is on: authenticates with exactly its lookup (same
 * instant) and counts the request in the same statement, so metering costs no round trip. A
 * credential the lookup refuses yields no row: 401, nothing counted.
 */
export class CountingVerifier<Row> implements CredentialVerifier {
  private readonly statement: PreparedStatement;

  constructor(
    private readonly clock: Clock,
    private readonly precounted: PrecountedRequests,
    private readonly kind: MeteredLookup<Row>,
  ) {
    this.statement = prepare(
      kind.statementName,
      countingStatement(
        `looked_up AS (${kind.lookup}),
         credential AS (SELECT organization_id, ${kind.credentialIdColumn} AS credential_id, '${kind.credentialType}' AS credential_type, plan FROM looked_up)`,
        'SELECT l.*, (SELECT total FROM result) AS total FROM looked_up l',
      ),
    );
  }

  async verify(em: EntityManager, request: CredentialRequest): Promise<Principal | null> {
    const at = this.clock.now();
    const params = this.kind.params(request, at);
    if (!params) return null;
    const rows = await executePrepared<Row & { total: string | null }>(em, this.statement, [
      ...params,
      quotaPeriod(at).period,
    ]);
    if (!rows[0]) return null;
    const principal = this.kind.principal(rows[0]);
    this.precounted.set(principal, precount(rows[0].total, at));
    return principal;
  }
}
