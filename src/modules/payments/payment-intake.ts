import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Principal } from '../../core/access';
import type { Clock } from '../../core/clock';
import type { EventOutbox } from '../../core/outbox/event-outbox';
import type { BankAccount } from './bank-account.entity';
import type { PaymentMatcher } from './payment-matcher';
import type { PaymentEvents } from './payment.events';
import { paymentImportedData } from './payment.events';
import { Payment, type Direction, type PaymentMethod, type PaymentSource } from './payment.entity';
import { insertNewPayments } from './payments.queries';

/** One movement on an account, whatever brought it: a bank's API, a statement file or JSON, a person, a gateway. */
export interface Movement {
  /** The bank's (or gateway's) id of the movement; a movement is imported once per account. */
  transactionId: string;
  /** Positive, a fixed 2-place decimal string. */
  amount: string;
  currency: string;
  direction: Direction;
  receivedAt: Date;
  variableSymbol?: string | null;
  constantSymbol?: string | null;
  specificSymbol?: string | null;
  counterAccount?: string | null;
  counterAccountName?: string | null;
  message?: string | null;
  method?: PaymentMethod | null;
  note?: string | null;
}

export interface IngestedMovement {
  transactionId: string;
  /** IMPORTED: a new payment; DUPLICATE: this movement was imported before (payment is that one). */
  result: 'IMPORTED' | 'DUPLICATE';
  payment: Payment;
}

export interface IngestOptions {
  source: PaymentSource;
  /** The departments whose documents payments may be matched to automatically; null: all (jobs, gateways). */
  departmentIds: Principal['departmentIds'];
  /** False: create the payments and leave them UNMATCHED (a caller that links them itself). Default true. */
  autoMatch?: boolean;
}

/**
 * The one way payments come into existence (statement imports, bank sync, payments recorded by hand,
 * gateways), inside the caller's transaction. A movement is imported once per account: the unique
 * key (bank_account_id, transaction_id) with INSERT ... ON CONFLICT DO NOTHING makes a repeated or
 * concurrent delivery of the same movement a DUPLICATE instead of a second payment. Each new
 * payment records payment.imported with its source, and is matched automatically where that is
 * unambiguous.
 */
export class PaymentIntake {
  constructor(
    private readonly clock: Clock,
    private readonly events: EventOutbox<PaymentEvents>,
    private readonly matcher: PaymentMatcher,
  ) {}

  async ingest(
    em: EntityManager,
    account: BankAccount,
    movements: readonly Movement[],
    options: IngestOptions,
  ): Promise<{ lines: IngestedMovement[]; matched: number }> {
    const insertedIds = await this.insertNew(em, account, firstOccurrences(movements), options.source);
    const stored = await findByTransaction(em, account, movements);
    const fresh = [...stored.values()].filter((p) => insertedIds.has(p.id));
    const candidates =
      options.autoMatch === false
        ? null
        : await this.matcher.lockCandidatesOf(em, fresh, { departmentIds: options.departmentIds });
    const lines: IngestedMovement[] = [];
    let matched = 0;
    for (const { transactionId } of movements) {
      const payment = stored.get(transactionId)!;
      // A transaction id repeated within one call is new at its first line only.
      const isNew = insertedIds.delete(payment.id);
      if (isNew) {
        this.events.record(em, account.organization.id, 'payment.imported', paymentImportedData(payment));
        if (candidates && (await this.matcher.autoMatch(em, payment, candidates))) matched++;
      }
      lines.push({ transactionId, result: isNew ? 'IMPORTED' : 'DUPLICATE', payment });
    }
    await em.flush();
    return { lines, matched };
  }

  /**
   * Returns the ids of the rows this transaction inserted; conflicting rows are skipped by the
   * database. Rows go in transaction-id order, so two imports that overlap wait for each other in
   * the same order instead of deadlocking.
   */
  private async insertNew(
    em: EntityManager,
    account: BankAccount,
    movements: Movement[],
    source: PaymentSource,
  ): Promise<Set<string>> {
    const ordered = [...movements].sort((a, b) =>
      a.transactionId < b.transactionId ? -1 : a.transactionId > b.transactionId ? 1 : 0,
    );
    const inserted = await insertNewPayments(
      em,
      { organizationId: account.organization.id, bankAccountId: account.id },
      source,
      ordered.map((m) => ({
        id: randomUUID(),
        transactionId: m.transactionId,
        amount: m.amount,
        currency: m.currency,
        direction: m.direction,
        receivedAt: m.receivedAt,
        ...bankDetailsOf(m),
        method: m.method ?? null,
        note: m.note ?? null,
      })),
      this.clock.now(),
    );
    return new Set(inserted);
  }
}

/** New rows and the ones a previous (or concurrent, now committed) import created; also what a preview finds. */
export async function findByTransaction(
  em: EntityManager,
  account: BankAccount,
  movements: readonly Pick<Movement, 'transactionId'>[],
): Promise<Map<string, Payment>> {
  const rows = await em.find(Payment, {
    bankAccount: account.id,
    transactionId: { $in: movements.map((m) => m.transactionId) },
  });
  return new Map(rows.map((p) => [p.transactionId, p]));
}

/** What the bank says of a movement besides its amount and date, null where it says nothing. */
export function bankDetailsOf(m: Movement) {
  return {
    variableSymbol: m.variableSymbol ?? null,
    constantSymbol: m.constantSymbol ?? null,
    specificSymbol: m.specificSymbol ?? null,
    counterAccount: m.counterAccount ?? null,
    counterAccountName: m.counterAccountName ?? null,
    message: m.message ?? null,
  };
}

function firstOccurrences(movements: readonly Movement[]): Movement[] {
  const seen = new Set<string>();
  return movements.filter((m) => !seen.has(m.transactionId) && Boolean(seen.add(m.transactionId)));
}
