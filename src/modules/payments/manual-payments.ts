import { randomUUID } from 'node:crypto';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Principal } from '../../core/access';
import { authed, type RequestContext } from '../../core/ctx';
import { parseInput, validationFailed } from '../../core/validation';
import type { BankAccount } from './bank-account.entity';
import type { BankAccountsService } from './bank-accounts.service';
import type { PaymentIntake } from './payment-intake';
import type { PaymentsService } from './payments.service';
import { createPaymentInput, type CreatePaymentInput } from './payments.inputs';
import { paymentView, type PaymentView } from './payments.views';

/**
 * Payments recorded by hand: cash at the counter, a card terminal, a transfer seen outside the
 * bank sync. Each is a movement with a generated transaction id through the payment intake (source
 * MANUAL), and is linked to the document or cost it pays with the same checks as a match by hand.
 * It is one transaction: a refused link leaves no payment behind.
 */
export class ManualPaymentsService {
  constructor(
    private readonly bankAccounts: BankAccountsService,
    private readonly intake: PaymentIntake,
    private readonly payments: Pick<PaymentsService, 'linkByHand'>,
  ) {}

  async record(ctx: RequestContext, input: unknown): Promise<PaymentView> {
    const data = parseInput(createPaymentInput, input);
    const { principal } = authed(ctx);
    return ctx.em.fork().transactional(async (em) => {
      const account = await this.accountFor(em, principal, data);
      const { lines } = await this.intake.ingest(
        em,
        account,
        [
          {
            transactionId: `MANUAL-${randomUUID()}`,
            amount: data.amount,
            currency: data.currency,
            direction: data.direction,
            receivedAt: data.receivedAt,
            variableSymbol: data.variableSymbol,
            method: data.method,
            note: data.note,
          },
        ],
        { source: 'MANUAL', departmentIds: principal.departmentIds, autoMatch: false },
      );
      const [{ payment }] = lines;
      if (data.documentId !== undefined || data.costId !== undefined) {
        await this.payments.linkByHand(em, principal, payment, data);
      }
      return paymentView(payment);
    });
  }

  /** The account named (a BANK or the CASH account, in the payment's currency), else the CASH account of the currency. */
  private async accountFor(em: EntityManager, principal: Principal, data: CreatePaymentInput): Promise<BankAccount> {
    const organizationId = principal.organization.id;
    if (data.bankAccountId === undefined) {
      return this.bankAccounts.systemAccount(em, organizationId, 'CASH', data.currency);
    }
    const account = await this.bankAccounts.find(em, organizationId, data.bankAccountId, LockMode.PESSIMISTIC_READ);
    if (account.kind === 'GATEWAY') {
      throw validationFailed([{ path: 'bankAccountId', message: 'payments through a gateway come from the gateway' }]);
    }
    if (account.currency !== data.currency) {
      throw validationFailed([
        { path: 'currency', message: `must be the bank account's currency ${account.currency}` },
      ]);
    }
    return account;
  }
}
