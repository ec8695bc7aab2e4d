import { AsyncLocalStorage } from 'node:async_hooks';
import type { EventSubscriber, TransactionEventArgs } from '@mikro-orm/core';
import type { Knex } from '@mikro-orm/postgresql';
import { markCommitted, type KeyScope } from './idempotency.queries';

interface Claim {
  scope: KeyScope;
  claimId: string;
}

const running = new AsyncLocalStorage<Claim>();

/** Runs `work` (the request's handler) as the holder of the Idempotency-Key claim `claim`. */
export function withClaim<T>(claim: Claim, work: () => Promise<T>): Promise<T> {
  return running.run(claim, work);
}

/**
 * Marks the request's Idempotency-Key claim committed in every transaction the request commits
 * (MikroORM's beforeTransactionCommit of a top-level transaction, explicit or a flush's), so the
 * mark and the request's changes commit together: a request whose process dies between its commit
 * and its stored answer is never run again for its key. Transactions outside a keyed request do
 * nothing here. Registered on the ORM (core/db/orm.ts).
 */
export const claimCommitMarker: EventSubscriber = {
  async beforeTransactionCommit({ transaction }: TransactionEventArgs): Promise<void> {
    const claim = running.getStore();
    if (claim && transaction) await markCommitted(transaction as Knex.Transaction, claim.scope, claim.claimId);
  },
};
