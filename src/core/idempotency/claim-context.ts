import { AsyncLocalStorage } from 'node:async_hooks';
import type { EventSubscriber, TransactionEventArgs } from '@mikro-orm/core';
import type { EntityManager, Knex } from '@mikro-orm/postgresql';
import { markCommitted, type KeyScope } from './idempotency.queries';

interface Claim {
  scope: KeyScope;
  claimId: string;
}

/** `open` until the handler has finished: work it started that outlives it (a background wake) marks nothing. */
const running = new AsyncLocalStorage<Claim & { open: boolean }>();

/** Runs `work` (the request's handler) as the holder of the Idempotency-Key claim `claim`. */
export async function withClaim<T>(claim: Claim, work: () => Promise<T>): Promise<T> {
  const store = { ...claim, open: true };
  try {
    return await running.run(store, work);
  } finally {
    store.open = false;
  }
}

/**
 * Runs `write` in `em`, whose changes are one statement (atomic on its own, as every statement is): in a
 * transaction only when the request holds an Idempotency-Key claim, whose mark must commit with that
 * statement (claimCommitMarker). Without a claim BEGIN and COMMIT add nothing but two round trips: they
 * were two of POST /documents' six (docs/benchmarks.md, "Issue 31 point 1, second round"). Reads before
 * the statement see what they would in a transaction (READ COMMITTED: each statement its own snapshot).
 */
export async function oneStatementWrite<T>(em: EntityManager, write: (em: EntityManager) => Promise<T>): Promise<T> {
  return running.getStore()?.open ? em.transactional(write) : write(em);
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
    if (claim?.open && transaction) await markCommitted(transaction as Knex.Transaction, claim.scope, claim.claimId);
  },
};
