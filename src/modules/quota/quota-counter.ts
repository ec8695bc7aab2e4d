import type { EntityManager } from '@mikro-orm/postgresql';
import { query } from '../../core/db/sql';
import { COUNT_REQUEST } from './quota.queries';
import { QuotaUsage, type MeteredCredential } from './quota-usage.entity';

export interface CounterKey {
  organizationId: string;
  credentialId: string;
  /** First day of the UTC month, YYYY-MM-01. */
  period: string;
}

/** The monthly request counters in PostgreSQL (see quota.queries.ts). */
export class QuotaCounter {
  /** Counts one request on `plan`; returns the month's total with it, or null when the limit is reached (nothing counted). */
  async count(
    em: EntityManager,
    key: CounterKey & { credentialType: MeteredCredential; plan: string },
  ): Promise<number | null> {
    const rows = await query<{ total: string | null }>(em, COUNT_REQUEST, [
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
    // Read past the identity map: the counting statements change the row behind the ORM's back.
    const usage = await em.findOne(QuotaUsage, key, { refresh: true });
    return usage ? Number(usage.used) : 0;
  }
}
