import { Entity, ManyToOne, Property } from '@mikro-orm/core';
import type { RateTotals } from '../../core/czk-amounts';
import { Money } from '../../core/db/columns';
import { Contact } from '../contacts/contacts.module';
import type { DocumentItem } from '../documents/documents.module';
import { OrganizationRecord } from '../identity/identity.module';
import type { CostKind, CostStatus, PaymentAccount, SupplierSnapshot } from './cost.types';

/** A supplier invoice, receipt or other received cost. Money columns are decimal strings. */
@Entity({ tableName: 'costs' })
export class Cost extends OrganizationRecord {
  /** From the COST numbering series. */
  @Property({ type: 'text' })
  number!: string;

  @Property({ type: 'text' })
  kind!: CostKind;

  @Property({ type: 'text' })
  status!: CostStatus;

  /** The supplier's own number of the document, exactly as printed. */
  @Property({ type: 'text', nullable: true })
  supplierDocumentNumber: string | null = null;

  @ManyToOne(() => Contact, { fieldName: 'supplier_id' })
  supplierContact!: Contact;

  @Property({ type: 'jsonb' })
  supplier!: SupplierSnapshot;

  @Property({ type: 'text', nullable: true })
  variableSymbol: string | null = null;

  /** Where the supplier is paid (Migration0039CostAttachments). */
  @Property({ type: 'jsonb', nullable: true })
  paymentAccount: PaymentAccount | null = null;

  @Property({ type: 'timestamptz' })
  issuedAt!: Date;

  /** DUZP: datum uskutečnění zdanitelného plnění. */
  @Property({ type: 'timestamptz' })
  taxableSupplyDate!: Date;

  @Property({ type: 'timestamptz' })
  receivedAt!: Date;

  /** When the input VAT is deducted; never before DUZP. */
  @Property({ type: 'timestamptz' })
  vatClaimDate!: Date;

  @Property({ type: 'timestamptz' })
  dueAt!: Date;

  @Property({ type: 'text' })
  currency!: string;

  @Property({ type: 'jsonb' })
  items!: DocumentItem[];

  @Money() subtotal!: string;
  @Money() vatTotal!: string;
  @Money() total!: string;

  /**
   * CZK per 1 unit of `currency` (1 for CZK): ČNB's fixing on the taxable supply date unless given, and
   * the amounts in CZK beside the cost's own (Migration0032CostsExchangeRates). Null on a foreign-currency
   * cost recorded before that migration.
   */
  @Property({ type: 'decimal', precision: 20, scale: 9, nullable: true })
  exchangeRate: string | null = null;

  @Property({ type: 'decimal', precision: 14, scale: 2, nullable: true }) subtotalCzk: string | null = null;
  @Property({ type: 'decimal', precision: 14, scale: 2, nullable: true }) vatTotalCzk: string | null = null;
  @Property({ type: 'decimal', precision: 14, scale: 2, nullable: true }) totalCzk: string | null = null;

  /** Per VAT rate in CZK, highest first (as core czkAmounts computes them). */
  @Property({ type: 'jsonb', nullable: true })
  vatRatesCzk: RateTotals[] | null = null;

  /** The company self-assesses the VAT (přenesená daňová povinnost); the supplier is paid the subtotal. */
  @Property({ type: 'boolean' })
  reverseCharge: boolean = false;

  /** An income-tax deductible expense (daňově uznatelný náklad). */
  @Property({ type: 'boolean' })
  taxDeductible: boolean = true;

  @Property({ type: 'jsonb' })
  tags: string[] = [];

  @Property({ type: 'text', nullable: true })
  note: string | null = null;

  /** The inbox item the cost was confirmed from (Migration0049CostOrigin); null: entered by hand or imported. */
  @Property({ type: 'uuid', nullable: true })
  inboxItemId: string | null = null;

  @Money() paidAmount: string = '0.00';

  @Property({ type: 'timestamptz', nullable: true })
  paidAt: Date | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  cancelledAt: Date | null = null;

  @Property({ type: 'timestamptz' })
  createdAt!: Date;

  @Property({ type: 'timestamptz' })
  updatedAt!: Date;
}
