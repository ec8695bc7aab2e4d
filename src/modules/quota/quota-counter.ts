import type { EntityManager } from '@mikro-orm/postgresql';
import { executePrepared, prepare } from '../../core/db/prepared-statement';
import { countingStatement } from './counting-statement';
import type { MeteredCredential } from './quota-usage.entity';

export interface CounterKey {
  organizationId: string;
  credentialId: string;
  /** First day of the UTC month, YYYY-MM-01. */
  period: string;
}

const COUNT_REQUEST = prepare(
  'quota_count_request',
  countingStatement(
    'credential AS (SELECT ?::uuid AS organization_id, ?::uuid AS credential_id, ?::text AS credential_type, ?::text AS plan)',
    'SELECT total FROM result',
  ),
);

/** The monthly request counters in PostgreSQL (see counting-statement.ts). */
export class QuotaCounter {
  /** Counts one request on `plan`; returns the month's total with it, or null when the limit is reached (nothing counted). */
  async count(
    em: EntityManager,
    key: CounterKey & { credentialType: MeteredCredential; plan: string },
  ): Promise<number | null> {
    const rows = await executePrepared<{ total: string | null }>(em, COUNT_REQUEST, [
      key.organizationId,
      key.credentialId,
      key.credentialType,
      key.plan,
      key.period,
    ]);
    return rows[0]?.total == null ? null : Number(rows[0].total);
  }

  /** Requests counted so far this month (0 before the first). */
  async used(em: EntityManager, key: CounterKey): Promise<number> {
    const rows = await em
      .getConnection()
      .execute<{ used: string }[]>(
        'SELECT used FROM quota_usage WHERE organization_id = ? AND credential_id = ? AND period = ?',
        [key.organizationId, key.credentialId, key.period],
      );
    return rows.length ? Number(rows[0].used) : 0;
  }
}
