import { Entity, ManyToOne, PrimaryKey, Property } from '@mikro-orm/core';
import { Organization } from '../identity/organization.entity';

/** An account of the organization whose statements are imported; payments belong to one. */
@Entity({ tableName: 'bank_accounts' })
export class BankAccount {
  @PrimaryKey({ type: 'uuid' })
  id!: string;

  @ManyToOne(() => Organization)
  organization!: Organization;

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
