import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../../core/clock';
import { authed, type RequestContext } from '../../core/ctx';
import { parseInput, validationFailed } from '../../core/validation';
import type { EventOutbox } from '../../core/outbox/event-outbox';
import type { PaymentEvents } from './payment.events';
import type { BankAccount } from './bank-account.entity';
import type { BankAccountsService } from './bank-accounts.service';
import { Payment } from './payment.entity';
import { paymentImportedData } from './payment.events';
import { insertNewPayments } from './payments.queries';
import type { PaymentMatcher } from './payment-matcher';
import { importStatementInput, type StatementLine } from './payments.inputs';
import { paymentView, type PaymentView } from './payments.views';

export interface ImportedLine {
  transactionId: string;
  /** IMPORTED: a new payment; DUPLICATE: this bank transaction was imported before (payment is that one). */
  result: 'IMPORTED' | 'DUPLICATE';
  payment: PaymentView;
}

export interface StatementImportResult {
  bankAccountId: string;
  summary: { imported: number; duplicates: number; matched: number };
  lines: ImportedLine[];
}

/**
 * Statement import. A bank transaction id is imported once per bank account: the unique key
 * (bank_account_id, transaction_id) with INSERT ... ON CONFLICT DO NOTHING makes a repeated or
 * concurrent import of the same statement report the lines as duplicates instead of creating them
 * again. New incoming payments are then matched automatically where that is unambiguous.
 */
export class StatementImportService {
  constructor(
    private readonly clock: Clock,
    private readonly events: EventOutbox<PaymentEvents>,
    private readonly bankAccounts: BankAccountsService,
    private readonly matcher: PaymentMatcher,
  ) {}

  async importStatement(ctx: RequestContext, input: unknown): Promise<StatementImportResult> {
    const data = parseInput(importStatementInput, input);
    const { principal } = authed(ctx);
    const account = await this.bankAccounts.find(ctx.em, principal.organization.id, data.bankAccountId);
    assertAccountCurrency(account, data.payments);

    return ctx.em.fork().transactional(async (em) => {
      const insertedIds = await this.insertNew(em, account, firstOccurrences(data.payments));
      const stored = await this.findByTransaction(em, account, data.payments);
      const fresh = [...stored.values()].filter((p) => insertedIds.has(p.id));
      const candidates = await this.matcher.lockCandidatesOf(em, fresh, principal);
      const lines: { transactionId: string; result: ImportedLine['result']; payment: Payment }[] = [];
      let matched = 0;
      for (const { transactionId } of data.payments) {
        const payment = stored.get(transactionId)!;
        // A transaction id repeated within one request is new at its first line only.
        const isNew = insertedIds.delete(payment.id);
        if (isNew) {
          this.events.record(em, account.organization.id, 'payment.imported', paymentImportedData(payment));
          if (await this.matcher.autoMatch(em, payment, candidates)) matched++;
        }
        lines.push({ transactionId, result: isNew ? 'IMPORTED' : 'DUPLICATE', payment });
      }
      await em.flush();
      const imported = lines.filter((l) => l.result === 'IMPORTED').length;
      return {
        bankAccountId: account.id,
        summary: { imported, duplicates: lines.length - imported, matched },
        lines: lines.map((l) => ({ ...l, payment: paymentView(l.payment) })),
      };
    });
  }

  /**
   * Returns the ids of the rows this transaction inserted; conflicting rows are skipped by the
   * database. Rows go in transaction-id order, so two imports that overlap wait for each other in
   * the same order instead of deadlocking.
   */
  private async insertNew(em: EntityManager, account: BankAccount, lines: StatementLine[]): Promise<Set<string>> {
    const ordered = [...lines].sort((a, b) =>
      a.transactionId < b.transactionId ? -1 : a.transactionId > b.transactionId ? 1 : 0,
    );
    const inserted = await insertNewPayments(
      em,
      { organizationId: account.organization.id, bankAccountId: account.id },
      ordered.map((l) => ({
        id: randomUUID(),
        transactionId: l.transactionId,
        amount: l.amount,
        currency: l.currency ?? account.currency,
        direction: l.direction,
        receivedAt: l.receivedAt,
        variableSymbol: l.variableSymbol ?? null,
        counterAccount: l.counterAccount ?? null,
      })),
      this.clock.now(),
    );
    return new Set(inserted);
  }

  /** New rows and the ones a previous (or concurrent, now committed) import created. */
  private async findByTransaction(
    em: EntityManager,
    account: BankAccount,
    lines: StatementLine[],
  ): Promise<Map<string, Payment>> {
    const rows = await em.find(Payment, {
      bankAccount: account.id,
      transactionId: { $in: lines.map((l) => l.transactionId) },
    });
    return new Map(rows.map((p) => [p.transactionId, p]));
  }
}

function firstOccurrences(lines: StatementLine[]): StatementLine[] {
  const seen = new Set<string>();
  return lines.filter((l) => !seen.has(l.transactionId) && Boolean(seen.add(l.transactionId)));
}

/** A statement belongs to one account and is in that account's currency. */
function assertAccountCurrency(account: BankAccount, lines: StatementLine[]): void {
  const details = lines.flatMap((l, i) =>
    l.currency && l.currency !== account.currency
      ? [{ path: `payments[${i}].currency`, message: `must be the bank account's currency ${account.currency}` }]
      : [],
  );
  if (details.length) throw validationFailed(details);
}
