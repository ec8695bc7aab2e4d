import type { EntityManager } from '@mikro-orm/postgresql';
import type { MeteredCredential } from './quota-usage.entity';

export interface CounterKey {
  organizationId: string;
  credentialId: string;
  credentialType: MeteredCredential;
  /** First day of the UTC month, YYYY-MM-01. */
  period: string;
}

/*
 * One statement, one round trip: insert the month's first request or add one, but only while the
 * counter is below the limit. The row lock of ON CONFLICT DO UPDATE serialises concurrent requests
 * of one credential across every process, so the counter never passes the limit. The inner
 * set_config is SET LOCAL for this statement's own transaction: its commit does not wait for the
 * WAL flush (a crash may forget the last few increments, which can only under-count, never
 * over-admit).
 */
const COUNT_REQUEST = `
  INSERT INTO quota_usage AS q (organization_id, credential_id, period, credential_type, used)
  SELECT $1, $2, $3, $4, 1 FROM (SELECT set_config('synchronous_commit', 'off', true)) AS async_commit
  ON CONFLICT (organization_id, credential_id, period) DO UPDATE SET used = q.used + 1`;

/** Named, so each pooled connection parses and plans them once. */
const COUNT_LIMITED = { name: 'quota_count_limited', text: `${COUNT_REQUEST} WHERE q.used < $5 RETURNING q.used` };
const COUNT_UNLIMITED = { name: 'quota_count_unlimited', text: `${COUNT_REQUEST} RETURNING q.used` };

interface PgClient {
  query(query: { name: string; text: string; values: unknown[] }): Promise<{ rows: { used: string }[] }>;
}

/** The monthly request counters in PostgreSQL. */
export class QuotaCounter {
  /** Counts one request; returns the new total, or null when the limit is already reached (nothing counted). */
  async count(em: EntityManager, key: CounterKey, limit: number | null): Promise<number | null> {
    const values: unknown[] = [key.organizationId, key.credentialId, key.period, key.credentialType];
    const statement = limit === null ? COUNT_UNLIMITED : COUNT_LIMITED;
    if (limit !== null) values.push(limit);
    // On the hot path of every metered request: a pooled pg client directly, which costs about half
    // the CPU of the ORM's execute() (measured), since nothing here needs the ORM.
    const pool = em.getKnex().client;
    const client = (await pool.acquireConnection()) as PgClient;
    try {
      const { rows } = await client.query({ ...statement, values });
      return rows.length ? Number(rows[0].used) : null;
    } finally {
      await pool.releaseConnection(client);
    }
  }

  /** Requests counted so far this period (0 before the first). */
  async used(em: EntityManager, key: Omit<CounterKey, 'credentialType'>): Promise<number> {
    const rows = await em
      .getConnection()
      .execute<{ used: string }[]>('SELECT used FROM quota_usage WHERE organization_id = ? AND credential_id = ? AND period = ?', [
        key.organizationId,
        key.credentialId,
        key.period,
      ]);
    return rows.length ? Number(rows[0].used) : 0;
  }
}
