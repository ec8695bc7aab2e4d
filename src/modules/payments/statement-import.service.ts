import { authed, type RequestContext } from '../../core/ctx';
import { parseInput, validationFailed } from '../../core/validation';
import type { BankAccount } from './bank-account.entity';
import type { BankAccountsService } from './bank-accounts.service';
import type { PaymentIntake } from './payment-intake';
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
 * Statement import: the lines of one bank account's statement go through the payment intake, which
 * imports each bank transaction once (a repeated or concurrent import reports the lines as
 * DUPLICATE) and matches new payments where that is unambiguous.
 */
export class StatementImportService {
  constructor(
    private readonly bankAccounts: BankAccountsService,
    private readonly intake: PaymentIntake,
  ) {}

  async importStatement(ctx: RequestContext, input: unknown): Promise<StatementImportResult> {
    const data = parseInput(importStatementInput, input);
    const { principal } = authed(ctx);
    const account = await this.bankAccounts.find(ctx.em, principal.organization.id, data.bankAccountId);
    assertStatementAccount(account, data.payments);
    const movements = data.payments.map((line) => ({ ...line, currency: line.currency ?? account.currency }));

    return ctx.em.fork().transactional(async (em) => {
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
}

/** A statement belongs to one bank account (not a CASH or GATEWAY one) and is in that account's currency. */
function assertStatementAccount(account: BankAccount, lines: StatementLine[]): void {
  if (account.kind !== 'BANK') {
    throw validationFailed([
      { path: 'bankAccountId', message: `must be a bank account, not the ${account.kind} account` },
    ]);
  }
  const details = lines.flatMap((l, i) =>
    l.currency && l.currency !== account.currency
      ? [{ path: `payments[${i}].currency`, message: `must be the bank account's currency ${account.currency}` }]
      : [],
  );
  if (details.length) throw validationFailed(details);
}
