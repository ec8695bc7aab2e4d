import { Entity, ManyToOne, Property } from '@mikro-orm/core';
import { Money } from '../../core/db/columns';
import { OrganizationRecord } from '../identity/identity.module';
import { BankAccount } from './bank-account.entity';

export const MATCH_STATUSES = ['AUTO_MATCHED', 'MANUAL_MATCHED', 'UNMATCHED'] as const;
export type MatchStatus = (typeof MATCH_STATUSES)[number];
export const DIRECTIONS = ['IN', 'OUT'] as const;
export type Direction = (typeof DIRECTIONS)[number];
export type PaymentSource = 'MANUAL_IMPORT' | 'BANK_SYNC';

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

  @Property({ type: 'text', nullable: true })
  counterAccount: string | null = null;

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
