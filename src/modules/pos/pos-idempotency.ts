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
 * The (device, operation, key) → document binding. `claim` runs first inside the operation's
 * transaction: it serializes every request carrying the same key (a transaction-scoped advisory
 * lock, so a batch entry and a single call wait for each other too) and then reads the binding,
 * which the winner committed before the lock was released. `bind` is flushed in the same
 * transaction as the document, so a 400 or 409 leaves the key free.
 */
export class PosIdempotency {
  constructor(private readonly clock: Clock) {}

  /** The document this key is bound to (a replay), or null when the key is free and now held. */
  async claim(em: EntityManager, scope: KeyScope, key: string): Promise<string | null> {
    await lockNames(em, [lockName(scope, key)]);
    const bound = await em.findOne(PosIdempotencyKey, { deviceId: scope.deviceId, operation: scope.operation, key });
    return bound?.documentId ?? null;
  }

  /**
   * A batch takes the locks of all its keys at its start, in one fixed order: it holds them until it
   * commits, so two batches (or a batch and single calls) taking them one by one in different orders
   * could deadlock. Locks are re-entrant, so `claim` takes them again harmlessly.
   */
  async claimAll(em: EntityManager, scope: KeyScope, keys: readonly string[]): Promise<void> {
    if (keys.length) await lockNames(em, [...new Set(keys)].map((key) => lockName(scope, key)));
  }

  /** Binds a claimed key to the document of its operation; written when `em` flushes. */
  bind(em: EntityManager, scope: KeyScope, key: string, documentId: string): void {
    em.create(PosIdempotencyKey, { ...scope, key, documentId, createdAt: this.clock.now() });
  }
}

function lockName(scope: KeyScope, key: string): string {
  return `pos:${scope.deviceId}:${scope.operation}:${key}`;
}
