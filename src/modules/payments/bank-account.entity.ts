import { Entity, Property } from '@mikro-orm/core';
import { OrganizationRecord } from '../identity/identity.module';

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

  @Property({ type: 'timestamptz' })
  createdAt!: Date;

  @Property({ type: 'timestamptz' })
  updatedAt!: Date;
}
