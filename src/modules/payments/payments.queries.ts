import type { EntityManager } from '@mikro-orm/postgresql';
import { query, sql } from '../../core/db/sql';

/** A new payment: a movement on a bank account, from any source. */
export interface NewPayment {
  id: string;
  transactionId: string;
  amount: string;
  currency: string;
  direction: string;
  receivedAt: Date;
  variableSymbol: string | null;
  constantSymbol: string | null;
  specificSymbol: string | null;
  counterAccount: string | null;
  counterAccountName: string | null;
  message: string | null;
  method: string | null;
  note: string | null;
}

/**
 * Inserts the lines in the order given (their ordinality), leaving out each one whose (bank account,
 * transaction id) exists; a line a concurrent import is inserting waits for that import and is left
 * out once it has committed. Returns the ids of the rows inserted.
 */
const INSERT_NEW_PAYMENTS = sql(`
  INSERT INTO payments (id, organization_id, bank_account_id, transaction_id, amount, currency, direction,
                        received_at, variable_symbol, constant_symbol, specific_symbol, counter_account,
                        counter_account_name, message, method, note, source, match_status, created_at, updated_at)
  SELECT id, ?, ?, transaction_id, amount, currency, direction, received_at, variable_symbol, constant_symbol,
         specific_symbol, counter_account, counter_account_name, message, method, note, ?, 'UNMATCHED', ?, ?
    FROM unnest(?::uuid[], ?::text[], ?::numeric[], ?::text[], ?::text[], ?::timestamptz[], ?::text[], ?::text[],
                ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[])
         WITH ORDINALITY AS line (id, transaction_id, amount, currency, direction, received_at, variable_symbol,
                                  constant_symbol, specific_symbol, counter_account, counter_account_name, message,
                                  method, note, n)
   ORDER BY n
  ON CONFLICT (bank_account_id, transaction_id) DO NOTHING
  RETURNING id`);

export async function insertNewPayments(
  em: EntityManager,
  account: { organizationId: string; bankAccountId: string },
  source: string,
  payments: readonly NewPayment[],
  at: Date,
): Promise<string[]> {
  const column = <K extends keyof NewPayment>(key: K) => payments.map((p) => p[key]);
  const rows = await query<{ id: string }>(em, INSERT_NEW_PAYMENTS, [
    account.organizationId,
    account.bankAccountId,
    source,
    at,
    at,
    column('id'),
    column('transactionId'),
    column('amount'),
    column('currency'),
    column('direction'),
    column('receivedAt'),
    column('variableSymbol'),
    column('constantSymbol'),
    column('specificSymbol'),
    column('counterAccount'),
    column('counterAccountName'),
    column('message'),
    column('method'),
    column('note'),
  ]);
  return rows.map((r) => r.id);
}

/**
 * The organization's CASH or GATEWAY account in a currency, created by the first caller. Two
 * statements: the SELECT takes a fresh snapshot (READ COMMITTED), so it sees the row a concurrent
 * caller committed while the INSERT waited on the partial unique index bank_accounts_system_unique.
 */
const INSERT_SYSTEM_ACCOUNT = sql(`
  INSERT INTO bank_accounts (id, organization_id, name, account_number, iban, currency, kind, created_at, updated_at)
  VALUES (?, ?, ?, NULL, NULL, ?, ?, ?, ?)
  ON CONFLICT (organization_id, kind, currency) WHERE kind <> 'BANK' DO NOTHING`);
const SYSTEM_ACCOUNT_ID = sql(`SELECT id FROM bank_accounts WHERE organization_id = ? AND kind = ? AND currency = ?`);

export async function ensureSystemAccount(
  em: EntityManager,
  account: { id: string; organizationId: string; name: string; kind: string; currency: string },
  at: Date,
): Promise<string> {
  const { id, organizationId, name, kind, currency } = account;
  await query(em, INSERT_SYSTEM_ACCOUNT, [id, organizationId, name, currency, kind, at, at]);
  const [row] = await query<{ id: string }>(em, SYSTEM_ACCOUNT_ID, [organizationId, kind, currency]);
  return row.id;
}

/**
 * Per period unit (date_trunc's field, keyed by its first Czech day) of [start, end): the CZK
 * payments received (IN) and sent (OUT) by the Czech day they were received or sent. Payments in
 * other currencies are counted apart (they have no CZK amount of their own).
 */
const CASH_SUMS = sql(`
  SELECT to_char(date_trunc(?, p.received_at AT TIME ZONE 'Europe/Prague'), 'YYYY-MM-DD') AS period,
         COALESCE(SUM(p.amount) FILTER (WHERE p.direction = 'IN' AND p.currency = 'CZK'), 0) AS cash_in,
         COALESCE(SUM(p.amount) FILTER (WHERE p.direction = 'OUT' AND p.currency = 'CZK'), 0) AS cash_out,
         COUNT(*) FILTER (WHERE p.currency <> 'CZK')::int AS other_currency
    FROM payments p
   WHERE p.organization_id = ? AND p.received_at >= ? AND p.received_at < ?
   GROUP BY 1 ORDER BY 1`);

export function cashPeriodSums(
  em: EntityManager,
  f: { organizationId: string; start: Date; end: Date },
  unit: string,
): Promise<{ period: string; cash_in: string; cash_out: string; other_currency: number }[]> {
  return query(em, CASH_SUMS, [unit, f.organizationId, f.start, f.end]);
}
