import type { EntityManager } from '@mikro-orm/postgresql';
import type { BankAccount } from '../bank-account.entity';
import type { PaymentView } from '../payments.views';
import { bankDetailsOf, findByTransaction, type Movement } from '../payment-intake';
import type { StatementFormat } from './statement-file';

/** The fields of a payment a statement line states. */
type LineFields =
  | 'transactionId'
  | 'amount'
  | 'currency'
  | 'direction'
  | 'receivedAt'
  | 'variableSymbol'
  | 'constantSymbol'
  | 'specificSymbol'
  | 'counterAccount'
  | 'counterAccountName'
  | 'message';

export interface PreviewLine extends Pick<PaymentView, LineFields> {
  /** NEW: importing would create a payment; DUPLICATE: imported before, or earlier in this statement. */
  result: 'NEW' | 'DUPLICATE';
  /** The payment imported before, for a DUPLICATE of an earlier import. */
  paymentId: string | null;
}

export interface StatementPreview {
  bankAccountId: string;
  /** How the statement came: a file (GPC, CAMT053) or the JSON lines. */
  format: StatementFormat | 'JSON';
  summary: { new: number; duplicates: number };
  lines: PreviewLine[];
}

/** What importing the movements would do, line by line, reading only. */
export async function previewMovements(
  em: EntityManager,
  account: BankAccount,
  movements: readonly Movement[],
  format: StatementPreview['format'],
): Promise<StatementPreview> {
  const existing = await findByTransaction(em, account, movements);
  const seen = new Set<string>();
  const lines = movements.map((m): PreviewLine => {
    const earlier = existing.get(m.transactionId) ?? null;
    const repeated = seen.has(m.transactionId);
    seen.add(m.transactionId);
    return {
      transactionId: m.transactionId,
      result: earlier || repeated ? 'DUPLICATE' : 'NEW',
      paymentId: earlier?.id ?? null,
      amount: m.amount,
      currency: m.currency,
      direction: m.direction,
      receivedAt: m.receivedAt.toISOString(),
      ...bankDetailsOf(m),
    };
  });
  const fresh = lines.filter((l) => l.result === 'NEW').length;
  return { bankAccountId: account.id, format, summary: { new: fresh, duplicates: lines.length - fresh }, lines };
}
