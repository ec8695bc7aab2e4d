import type { EntityManager } from '@mikro-orm/postgresql';
import { query, sql } from '../../core/db/sql';

/** A new payment from a bank statement line. */
export interface NewPayment {
  id: string;
  transactionId: string;
  amount: string;
  currency: string;
  direction: string;
  receivedAt: Date;
  variableSymbol: string | null;
  counterAccount: string | null;
}

/**
 * Inserts the lines in the order given (their ordinality), leaving out each one whose (bank account,
 * transaction id) exists; a line a concurrent import is inserting waits for that import and is left
 * out once it has committed. Returns the ids of the rows inserted.
 */
const INSERT_NEW_PAYMENTS = sql(`
  INSERT INTO payments (id, organization_id, bank_account_id, transaction_id, amount, currency, direction,
                        received_at, variable_symbol, counter_account, source, match_status, created_at, updated_at)
  SELECT id, ?, ?, transaction_id, amount, currency, direction, received_at, variable_symbol, counter_account,
         'MANUAL_IMPORT', 'UNMATCHED', ?, ?
    FROM unnest(?::uuid[], ?::text[], ?::numeric[], ?::text[], ?::text[], ?::timestamptz[], ?::text[], ?::text[])
         WITH ORDINALITY AS line (id, transaction_id, amount, currency, direction, received_at, variable_symbol, counter_account, n)
   ORDER BY n
  ON CONFLICT (bank_account_id, transaction_id) DO NOTHING
  RETURNING id`);

export async function insertNewPayments(
  em: EntityManager,
  account: { organizationId: string; bankAccountId: string },
  payments: readonly NewPayment[],
  at: Date,
): Promise<string[]> {
  const column = <K extends keyof NewPayment>(key: K) => payments.map((p) => p[key]);
  const rows = await query<{ id: string }>(em, INSERT_NEW_PAYMENTS, [
    account.organizationId,
    account.bankAccountId,
    at,
    at,
    column('id'),
    column('transactionId'),
    column('amount'),
    column('currency'),
    column('direction'),
    column('receivedAt'),
    column('variableSymbol'),
    column('counterAccount'),
  ]);
  return rows.map((r) => r.id);
}
