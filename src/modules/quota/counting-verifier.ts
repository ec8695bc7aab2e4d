import type { EntityManager } from '@mikro-orm/postgresql';
import type { Principal } from '../../core/access';
import type { Clock } from '../../core/clock';
import { query, type Statement } from '../../core/db/sql';
import type { CredentialRequest, CredentialVerifier } from '../../core/http/authenticator';
import type { MeteredCredential } from './quota-usage.entity';
import { precount, type PrecountedRequests } from './precounted-requests';
import { lookUpAndCount } from './quota.queries';
import { quotaPeriod } from './quota-state';

/** A credential kind's own lookup, as its module exposes it in its manifest's services. */
export interface CredentialLookup<Row> {
  /** Bearer tokens with this prefix are this kind's. */
  prefix: string;
  /** The module's lookup SQL: one row for a valid credential, none otherwise. */
  lookup: string;
  /** Column of the lookup row that names the metered credential (API key id, OAuth application id). */
  credentialIdColumn: string;
  params(request: CredentialRequest, at: Date): unknown[] | null;
  principal(row: Row): Principal;
}

/** A lookup and how its rows are metered. */
export interface MeteredLookup<Row> extends CredentialLookup<Row> {
  /** Name of the prepared statement (one per kind). */
  statementName: string;
  credentialType: MeteredCredential;
}

/**
 * Replaces a kind's verifier while metering is on: authenticates with exactly its lookup (same
 * instant) and counts the request in the same statement, so metering costs no round trip. A
 * credential the lookup refuses yields no row: 401, nothing counted.
 */
export class CountingVerifier<Row> implements CredentialVerifier {
  private readonly statement: Statement;

  constructor(
    private readonly clock: Clock,
    private readonly precounted: PrecountedRequests,
    private readonly kind: MeteredLookup<Row>,
  ) {
    this.statement = lookUpAndCount(kind.statementName, kind);
  }

  async verify(em: EntityManager, request: CredentialRequest): Promise<Principal | null> {
    const at = this.clock.now();
    const params = this.kind.params(request, at);
    if (!params) return null;
    const rows = await query<Row & { total: string | null }>(em, this.statement, [...params, quotaPeriod(at).period]);
    if (!rows[0]) return null;
    const principal = this.kind.principal(rows[0]);
    this.precounted.set(principal, precount(rows[0].total, at));
    return principal;
  }
}
