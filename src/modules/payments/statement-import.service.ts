import { LockMode } from '@mikro-orm/core';
import { authed, type RequestContext } from '../../core/ctx';
import { parseInput, validationFailed } from '../../core/validation';
import type { BankAccount } from './bank-account.entity';
import type { BankAccountsService } from './bank-accounts.service';
import type { Movement, PaymentIntake } from './payment-intake';
import { importStatementInput, type StatementLine } from './payments.inputs';
import { paymentView, type PaymentView } from './payments.views';
import { previewMovements, type StatementPreview } from './statements/statement-preview';

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
 * Statement import: the lines of one bank account's statement go through the payment intake, which
 * imports each bank transaction once (a repeated or concurrent import reports the lines as
 * DUPLICATE) and matches new payments where that is unambiguous. A preview shows the same lines as
 * NEW or DUPLICATE and changes nothing.
 */
export class StatementImportService {
  constructor(
    private readonly bankAccounts: BankAccountsService,
    private readonly intake: PaymentIntake,
  ) {}

  async importStatement(ctx: RequestContext, input: unknown): Promise<StatementImportResult> {
    const { account, movements } = await this.readJson(ctx, input);
    return this.ingest(ctx, account, movements);
  }

  async previewStatement(ctx: RequestContext, input: unknown): Promise<StatementPreview> {
    const { account, movements } = await this.readJson(ctx, input);
    return previewMovements(ctx.em, account, movements, 'JSON');
  }

  /** The bank account a statement goes into: a BANK account of the caller's organization. */
  async statementAccount(ctx: RequestContext, bankAccountId: string): Promise<BankAccount> {
    const { principal } = authed(ctx);
    const account = await this.bankAccounts.find(ctx.em, principal.organization.id, bankAccountId);
    if (account.kind !== 'BANK') {
      throw validationFailed([
        { path: 'bankAccountId', message: `must be a bank account, not the ${account.kind} account` },
      ]);
    }
    return account;
  }

  /**
   * Imports the movements of one statement of `account`, all in one transaction. The account is
   * locked for share first, so an edit of its currency or its deletion waits for the import (or the
   * import sees the account gone, 404, or in another currency, 400).
   */
  async ingest(ctx: RequestContext, account: BankAccount, movements: Movement[]): Promise<StatementImportResult> {
    const { principal } = authed(ctx);
    return ctx.em.fork().transactional(async (em) => {
      const locked = await this.bankAccounts.find(em, principal.organization.id, account.id, LockMode.PESSIMISTIC_READ);
      if (locked.currency !== account.currency) {
        throw validationFailed([{ path: 'bankAccountId', message: "the bank account's currency has just changed" }]);
      }
      const { lines, matched } = await this.intake.ingest(em, account, movements, {
        source: 'MANUAL_IMPORT',
        departmentIds: principal.departmentIds,
      });
      const imported = lines.filter((l) => l.result === 'IMPORTED').length;
      return {
        bankAccountId: account.id,
        summary: { imported, duplicates: lines.length - imported, matched },
        lines: lines.map((l) => ({ ...l, payment: paymentView(l.payment) })),
      };
    });
  }

  private async readJson(ctx: RequestContext, input: unknown) {
    const data = parseInput(importStatementInput, input);
    const account = await this.statementAccount(ctx, data.bankAccountId);
    assertCurrency(account, data.payments);
    const movements = data.payments.map((line) => ({ ...line, currency: line.currency ?? account.currency }));
    return { account, movements };
  }
}

/** A statement is in its account's currency. */
function assertCurrency(account: BankAccount, lines: StatementLine[]): void {
  const details = lines.flatMap((l, i) =>
    l.currency && l.currency !== account.currency
      ? [{ path: `payments[${i}].currency`, message: `must be the bank account's currency ${account.currency}` }]
      : [],
  );
  if (details.length) throw validationFailed(details);
}
