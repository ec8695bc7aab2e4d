import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../../core/clock';

/** Idempotency keys are scoped per (device, operation) (DESIGN 4); batch entries share 'issue'. */
export type PosOperation = 'issue' | 'cancel' | 'credit-note';

/**
 * The (device, operation, key) → document binding. `claim` runs first inside the operation's
 * transaction: it serializes every request carrying the same key (a transaction-scoped advisory
 * lock, so a batch entry and a single call wait for each other too) and then reads the binding,
 * which the winner committed before the lock was released. `bind` is written in the same
 * transaction as the document, so a 400 or 409 leaves the key free.
 */
export class PosIdempotency {
  constructor(private readonly clock: Clock) {}

  async claim(em: EntityManager, deviceId: string, operation: PosOperation, key: string): Promise<string | null> {
    await em.execute('SELECT pg_advisory_xact_lock(hashtextextended(?, 0))', [lockName(deviceId, operation, key)]);
    const [row] = await em.execute<{ document_id: string }[]>(
      'SELECT document_id FROM pos_idempotency_keys WHERE device_id = ? AND operation = ? AND key = ?',
      [deviceId, operation, key],
    );
    return row?.document_id ?? null;
  }

  /**
   * A batch takes the locks of all its keys at its start, in one fixed order: it holds them until it
   * commits, so two batches (or a batch and single calls) taking them one by one in different orders
   * could deadlock. Locks are re-entrant, so `claim` takes them again harmlessly.
   */
  async claimAll(em: EntityManager, deviceId: string, operation: PosOperation, keys: readonly string[]): Promise<void> {
    if (!keys.length) return;
    await em.execute(
      `SELECT count(pg_advisory_xact_lock(h)) FROM (SELECT DISTINCT hashtextextended(k, 0) AS h FROM jsonb_array_elements_text(?::jsonb) AS k ORDER BY 1) AS ordered`,
      [JSON.stringify(keys.map((key) => lockName(deviceId, operation, key)))],
    );
  }

  /**
   * Binds the key to the document about to be written, in one statement, unless it is bound: a
   * concurrent request holding the same key makes this insert wait until it commits or rolls back.
   * Returns the document already bound (a replay), or null when the key is now ours. Used where the
   * new document's id is known before anything is looked up (issuing); the rollback of a failed
   * operation unbinds the key again.
   */
  async bindFirst(
    em: EntityManager,
    organizationId: string,
    deviceId: string,
    operation: PosOperation,
    key: string,
    documentId: string,
  ): Promise<string | null> {
    const inserted = await em.execute(
      `INSERT INTO pos_idempotency_keys (device_id, operation, key, organization_id, document_id, created_at) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (device_id, operation, key) DO NOTHING RETURNING document_id`,
      [deviceId, operation, key, organizationId, documentId, this.clock.now()],
    );
    if (inserted.length) return null;
    const [row] = await em.execute<{ document_id: string }[]>(
      'SELECT document_id FROM pos_idempotency_keys WHERE device_id = ? AND operation = ? AND key = ?',
      [deviceId, operation, key],
    );
    return row.document_id;
  }

  async bind(
    em: EntityManager,
    organizationId: string,
    deviceId: string,
    operation: PosOperation,
    key: string,
    documentId: string,
  ): Promise<void> {
    await em.execute(
      'INSERT INTO pos_idempotency_keys (device_id, operation, key, organization_id, document_id, created_at) VALUES (?, ?, ?, ?, ?, ?)',
      [deviceId, operation, key, organizationId, documentId, this.clock.now()],
    );
  }
}

function lockName(deviceId: string, operation: PosOperation, key: string): string {
  return `pos:${deviceId}:${operation}:${key}`;
}
