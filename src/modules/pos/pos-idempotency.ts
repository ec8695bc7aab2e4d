import type { QueryResult } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../../core/clock';
import { PosIdempotencyKey, type PosOperation } from './pos-idempotency-key.entity';
import { lockNames } from './pos.queries';

/** Whose key: a register's, for one kind of operation. */
export interface KeyScope {
  organizationId: string;
  deviceId: string;
  operation: PosOperation;
}

/**
 * The (device, operation, key) → document binding, written in the transaction of the operation, so
 * a failed operation (400, 409) leaves the key free. Two ways to hold a key first, so a repeated key
 * answers the bound document before anything else is looked at:
 * - `bindFirst`, where the new document's id is known before anything is looked up (issuing): the
 *   binding is inserted at once; a concurrent request holding the same key makes the insert wait
 *   until it commits (then this one replays) or rolls back (then the key is ours).
 * - `claim` + `bind`, where the document is found only after validation (cancel, credit notes): a
 *   transaction-scoped advisory lock serializes every request carrying the key, then the binding the
 *   winner committed is read.
 */
export class PosIdempotency {
  constructor(private readonly clock: Clock) {}

  /** Binds the key to the document about to be written, unless bound: returns the bound document (a replay) or null. */
  async bindFirst(em: EntityManager, scope: KeyScope, key: string, documentId: string): Promise<string | null> {
    const inserted: QueryResult<PosIdempotencyKey> = await em
      .createQueryBuilder(PosIdempotencyKey)
      .insert(this.binding(scope, key, documentId))
      .onConflict(['deviceId', 'operation', 'key'])
      .ignore()
      .execute('run');
    return inserted.affectedRows ? null : this.boundDocument(em, scope, key);
  }

  /** The document this key is bound to (a replay), or null when the key is free and now held. */
  async claim(em: EntityManager, scope: KeyScope, key: string): Promise<string | null> {
    await lockNames(em, [lockName(scope, key)]);
    return this.boundDocument(em, scope, key);
  }

  /**
   * A batch takes the locks of all its keys at its start, in one fixed order: it holds them until it
   * commits, so two batches (or a batch and single calls) taking them one by one in different orders
   * could deadlock. Locks are re-entrant, so `claim` takes them again harmlessly.
   */
  async claimAll(em: EntityManager, scope: KeyScope, keys: readonly string[]): Promise<void> {
    if (keys.length)
      await lockNames(
        em,
        [...new Set(keys)].map((key) => lockName(scope, key)),
      );
  }

  /** Binds a claimed key to the document of its operation; written when `em` flushes. */
  bind(em: EntityManager, scope: KeyScope, key: string, documentId: string): void {
    em.create(PosIdempotencyKey, this.binding(scope, key, documentId));
  }

  private async boundDocument(em: EntityManager, scope: KeyScope, key: string): Promise<string | null> {
    const bound = await em.findOne(PosIdempotencyKey, { deviceId: scope.deviceId, operation: scope.operation, key });
    return bound?.documentId ?? null;
  }

  private binding(scope: KeyScope, key: string, documentId: string) {
    return { ...scope, key, documentId, createdAt: this.clock.now() };
  }
}

function lockName(scope: KeyScope, key: string): string {
  return `pos:${scope.deviceId}:${scope.operation}:${key}`;
}
