import { Entity, ManyToOne, Property } from '@mikro-orm/core';
import { Money } from '../../core/db/columns';
import { OrganizationRecord } from '../identity/identity.module';
import { BankAccount } from './bank-account.entity';

export const MATCH_STATUSES = ['AUTO_MATCHED', 'MANUAL_MATCHED', 'UNMATCHED'] as const;
export type MatchStatus = (typeof MATCH_STATUSES)[number];
export const DIRECTIONS = ['IN', 'OUT'] as const;
export type Direction = (typeof DIRECTIONS)[number];
/**
 * BANK_SYNC: from a bank connection; MANUAL_IMPORT: a statement (file or JSON); MANUAL: recorded by
 * hand; GATEWAY: paid through a payment gateway.
 */
export const PAYMENT_SOURCES = ['BANK_SYNC', 'MANUAL_IMPORT', 'MANUAL', 'GATEWAY'] as const;
export type PaymentSource = (typeof PAYMENT_SOURCES)[number];
/** How a payment recorded by hand was paid. */
export const PAYMENT_METHODS = ['CASH', 'CARD', 'TRANSFER'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** One movement on a bank account; unique per (bank account, bank transaction id). */
@Entity({ tableName: 'payments' })
export class Payment extends OrganizationRecord {
  @ManyToOne(() => BankAccount)
  bankAccount!: BankAccount;

  @Property({ type: 'text' })
  transactionId!: string;

  /** Always positive; `direction` says which way the money went. */
  @Money() amount!: string;

  @Property({ type: 'text' })
  currency!: string;

  @Property({ type: 'text' })
  direction!: Direction;

  @Property({ type: 'timestamptz' })
  receivedAt!: Date;

  @Property({ type: 'text', nullable: true })
  variableSymbol: string | null = null;

  /** The counter-party's account, `[prefix-]number/bankCode` for a Czech one, else as the bank gives it. */
  @Property({ type: 'text', nullable: true })
  counterAccount: string | null = null;

  @Property({ type: 'text', nullable: true })
  counterAccountName: string | null = null;

  @Property({ type: 'text', nullable: true })
  constantSymbol: string | null = null;

  @Property({ type: 'text', nullable: true })
  specificSymbol: string | null = null;

  /** The message for the payee, as the bank gives it. */
  @Property({ type: 'text', nullable: true })
  message: string | null = null;

  /** Set for a payment recorded by hand (source MANUAL). */
  @Property({ type: 'text', nullable: true })
  method: PaymentMethod | null = null;

  @Property({ type: 'text', nullable: true })
  note: string | null = null;

  @Property({ type: 'text' })
  source!: PaymentSource;

  @Property({ type: 'text' })
  matchStatus: MatchStatus = 'UNMATCHED';

  /** The matched document; a plain id so payments do not load documents they do not need. */
  @Property({ type: 'uuid', nullable: true })
  documentId: string | null = null;

  /** The matched received cost (outgoing payments; Migration0011Costs). At most one of documentId and costId is set. */
  @Property({ type: 'uuid', nullable: true })
  costId: string | null = null;

  /**
   * While matched: what the payment added to the paid amount of its document or cost, in that one's
   * currency (a CZK payment of an EUR invoice: converted at the invoice's rate); null while unmatched
   * (Migration0047PaymentMatching).
   */
  @Property({ type: 'decimal', precision: 14, scale: 2, nullable: true })
  appliedAmount: string | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  matchedAt: Date | null = null;

  /** The user who matched it by hand; null for automatic matches and API keys. */
  @Property({ type: 'uuid', nullable: true })
  matchedByUserId: string | null = null;

  @Property({ type: 'timestamptz' })
  createdAt!: Date;

  @Property({ type: 'timestamptz' })
  updatedAt!: Date;
}
