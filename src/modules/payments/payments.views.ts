import BigNumber from 'bignumber.js';
import type { BankAccount, BankAccountKind } from './bank-account.entity';
import type { BankConnectionView } from './fio/bank-connections.service';
import type { Direction, MatchStatus, Payment, PaymentMethod, PaymentSource } from './payment.entity';

export interface BankAccountView {
  id: string;
  name: string;
  accountNumber: string | null;
  iban: string | null;
  currency: string;
  /** BANK, or CASH / GATEWAY: the organization's account for payments recorded by hand / through a gateway. */
  kind: BankAccountKind;
  createdAt: string;
  updatedAt: string;
  /** The connection to the bank's API (Fio), null when not connected. */
  connection: BankConnectionView | null;
}

export interface PaymentView {
  id: string;
  bankAccountId: string;
  transactionId: string;
  /** Decimal string with 2 places, like every amount of the REST API. */
  amount: string;
  currency: string;
  direction: Direction;
  receivedAt: string;
  variableSymbol: string | null;
  constantSymbol: string | null;
  specificSymbol: string | null;
  counterAccount: string | null;
  counterAccountName: string | null;
  message: string | null;
  /** How a payment recorded by hand was paid; null for other sources. */
  method: PaymentMethod | null;
  note: string | null;
  source: PaymentSource;
  matchStatus: MatchStatus;
  documentId: string | null;
  /** The received cost an outgoing payment pays. */
  costId: string | null;
  matchedAt: string | null;
  /** User who matched it by hand; null for automatic matches and API keys. */
  matchedBy: string | null;
  createdAt: string;
  updatedAt: string;
  /** While matched: what it added to the document's or cost's paid amount, in that one's currency. */
  appliedAmount: string | null;
}

export function bankAccountView(a: BankAccount, connection: BankConnectionView | null = null): BankAccountView {
  return {
    id: a.id,
    name: a.name,
    accountNumber: a.accountNumber,
    iban: a.iban,
    currency: a.currency,
    kind: a.kind,
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
    connection,
  };
}

export function paymentView(p: Payment): PaymentView {
  return {
    id: p.id,
    bankAccountId: p.bankAccount.id,
    transactionId: p.transactionId,
    amount: new BigNumber(p.amount).toFixed(2),
    currency: p.currency,
    direction: p.direction,
    receivedAt: p.receivedAt.toISOString(),
    variableSymbol: p.variableSymbol,
    constantSymbol: p.constantSymbol,
    specificSymbol: p.specificSymbol,
    counterAccount: p.counterAccount,
    counterAccountName: p.counterAccountName,
    message: p.message,
    method: p.method,
    note: p.note,
    source: p.source,
    matchStatus: p.matchStatus,
    documentId: p.documentId,
    costId: p.costId,
    matchedAt: p.matchedAt?.toISOString() ?? null,
    matchedBy: p.matchedByUserId,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
    appliedAmount: p.appliedAmount === null ? null : new BigNumber(p.appliedAmount).toFixed(2),
  };
}
