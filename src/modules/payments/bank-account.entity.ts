import { Entity, Property } from '@mikro-orm/core';
import { OrganizationRecord } from '../identity/identity.module';

/**
 * BANK: a real account (bank connections and statements go there). CASH and GATEWAY: one per
 * organization and currency, created when first needed, holding payments recorded by hand and
 * payments through a payment gateway (Migration0044PaymentSources).
 */
export const BANK_ACCOUNT_KINDS = ['BANK', 'CASH', 'GATEWAY'] as const;
export type BankAccountKind = (typeof BANK_ACCOUNT_KINDS)[number];

/** An account of the organization whose statements are imported; payments belong to one. */
@Entity({ tableName: 'bank_accounts' })
export class BankAccount extends OrganizationRecord {
  @Property({ type: 'text' })
  name!: string;

  /** Czech domestic format `[prefix-]number/bankCode`. */
  @Property({ type: 'text', nullable: true })
  accountNumber: string | null = null;

  @Property({ type: 'text', nullable: true })
  iban: string | null = null;

  @Property({ type: 'text' })
  currency!: string;

  @Property({ type: 'text' })
  kind: BankAccountKind = 'BANK';

  /** A deleted account keeps its payments; lists and lookups for new payments leave it out. */
  @Property({ type: 'timestamptz', nullable: true })
  deletedAt: Date | null = null;

  @Property({ type: 'timestamptz' })
  createdAt!: Date;

  @Property({ type: 'timestamptz' })
  updatedAt!: Date;
}
