import { Entity, ManyToOne, Property, type Opt } from '@mikro-orm/core';
import type { DocumentLanguage } from '../../core/languages';
import { Money } from '../../core/db/columns';
import { Contact } from '../contacts/contacts.module';
import { OrganizationRecord } from '../identity/identity.module';
import type { VatRateTotals } from './document-totals';
import type { ReverseChargeRegime } from './reverse-charge';
import type {
  AdvanceRef,
  CreditNoteRef,
  DocumentItem,
  DocumentStatus,
  DocumentType,
  PosDocumentKind,
} from './document.types';

/** An invoice, proforma, quote, order, delivery note or credit note. Money columns are decimal strings. */
@Entity({ tableName: 'documents' })
export class Document extends OrganizationRecord {
  @Property({ type: 'text' })
  type!: DocumentType;

  @Property({ type: 'text' })
  status!: DocumentStatus;

  @Property({ type: 'text' })
  number!: string;

  @Property({ type: 'text', nullable: true })
  variableSymbol: string | null = null;

  @ManyToOne(() => Contact, { nullable: true })
  contact: Contact | null = null;

  /** The customer's name as printed on the document (a snapshot: renaming the contact does not change it). */
  @Property({ type: 'text', nullable: true })
  clientName: string | null = null;

  @Property({ type: 'uuid', nullable: true })
  departmentId: string | null = null;

  @Property({ type: 'text' })
  currency!: string;

  @Property({ type: 'jsonb' })
  items!: DocumentItem[];

  @Property({ type: 'timestamptz' })
  issuedAt!: Date;

  @Property({ type: 'timestamptz' })
  dueAt!: Date;

  /** DUZP, the taxable supply date, when it differs from issuedAt (Migration0012CompanyDocuments). */
  @Property({ type: 'timestamptz', nullable: true })
  taxableSupplyDate: Opt<Date> | null = null;

  @Money() subtotal!: string;
  @Money() vatTotal!: string;
  @Money() total!: string;

  /**
   * CZK per 1 unit of `currency` (1 for CZK): ČNB's fixing on the taxable supply date unless given, and
   * the amounts in CZK beside the document's own (Migration0026ExchangeRates). Null on a foreign-currency
   * document made before that migration.
   */
  @Property({ type: 'decimal', precision: 20, scale: 9, nullable: true })
  exchangeRate: string | null = null;

  @Property({ type: 'decimal', precision: 14, scale: 2, nullable: true }) subtotalCzk: string | null = null;
  @Property({ type: 'decimal', precision: 14, scale: 2, nullable: true }) vatTotalCzk: string | null = null;
  @Property({ type: 'decimal', precision: 14, scale: 2, nullable: true }) totalCzk: string | null = null;

  @Property({ type: 'jsonb', nullable: true })
  vatRatesCzk: VatRateTotals[] | null = null;

  /**
   * The language of its PDF, public page and e-mail, fixed at creation: the one given, else the
   * contact's, else the company's (document-language.ts). Null (documents made before
   * Migration0031DocumentLanguage, a register's sale without a contact): the company's current one.
   */
  @Property({ type: 'text', nullable: true })
  language: DocumentLanguage | null = null;

  @Money() paidAmount: string = '0.00';

  /** The part of paidAmount that a manual change to PAID filled in (not backed by a bank payment). */
  @Money() autoPaidAmount: string = '0.00';

  /** The unpaid status to return to when a payment is taken back. */
  @Property({ type: 'text', nullable: true })
  statusBeforePaid: DocumentStatus | null = null;

  @Property({ type: 'jsonb' })
  tags: string[] = [];

  @Property({ type: 'text', nullable: true })
  note: string | null = null;

  /** The company's own fields (string keys and values); automation conditions read them (Migration0010Automations). */
  @Property({ type: 'jsonb' })
  customFields: Opt<Record<string, string>> = {};

  /**
   * Capability in the public link. Kept in plain text because every record shows its publicUrl;
   * it grants read access to this one document only.
   */
  @Property({ type: 'text', hidden: true })
  publicToken!: string;

  @Property({ type: 'timestamptz', nullable: true })
  sentAt: Date | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  paidAt: Date | null = null;

  /** Set once the document is cancelled; it stays set when a cancelled document is archived (reports exclude it). */
  @Property({ type: 'timestamptz', nullable: true })
  cancelledAt: Date | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  overdueNotifiedAt: Date | null = null;

  /** The register that issued it (POS documents only; Migration0008Pos). */
  @Property({ type: 'uuid', nullable: true })
  posDeviceId: string | null = null;

  /** SIMPLIFIED, TAX_DOCUMENT, INVOICE or SALE_RECEIPT for POS receipts and invoices; null otherwise. */
  @Property({ type: 'text', nullable: true })
  posDocumentKind: PosDocumentKind | null = null;

  /** Cash rounding of the total (POS with roundingEnabled); never part of subtotal or vatTotal. */
  @Money() roundingAmount: Opt<string> = '0.00';

  @Property({ type: 'text', nullable: true })
  paymentMethod: string | null = null;

  /** A credit note's corrected document. */
  @Property({ type: 'uuid', nullable: true })
  correctedDocumentId: string | null = null;

  /** The corrected document's number as printed on the credit note (Migration0027CreditNotes). */
  @Property({ type: 'text', nullable: true })
  correctedDocumentNumber: Opt<string> | null = null;

  @Property({ type: 'text', nullable: true })
  creditNoteReason: string | null = null;

  /** The signed sum of the credit notes correcting this document; its amount due is total + creditedAmount. */
  @Money() creditedAmount: Opt<string> = '0.00';

  /** The credit notes correcting this document, oldest first. */
  @Property({ type: 'jsonb' })
  creditNotes: Opt<CreditNoteRef[]> = [];

  /** Reverse charge: the customer accounts for the VAT, the document charges none (reverse-charge.ts; Migration0030ReverseCharge). */
  @Property({ type: 'text', nullable: true })
  reverseChargeRegime: Opt<ReverseChargeRegime> | null = null;

  /** The § 92a supply's code (kód předmětu plnění) of a DOMESTIC reverse charge; null otherwise. */
  @Property({ type: 'text', nullable: true })
  reverseChargeCode: Opt<string> | null = null;

  /** An advance tax document's or a final invoice's proforma, and its number as printed (Migration0029Advances). */
  @Property({ type: 'uuid', nullable: true })
  proformaId: Opt<string> | null = null;

  @Property({ type: 'text', nullable: true })
  proformaNumber: Opt<string> | null = null;

  /** A proforma's advance tax documents, one per payment received, oldest first. */
  @Property({ type: 'jsonb' })
  advanceDocuments: Opt<AdvanceRef[]> = [];

  /** A proforma's final invoice (POST /documents/:id/final-invoice); at most one. */
  @Property({ type: 'uuid', nullable: true })
  finalInvoiceId: Opt<string> | null = null;

  /** A final invoice's advances: what its deduction lines take off. */
  @Property({ type: 'jsonb' })
  settledAdvances: Opt<AdvanceRef[]> = [];
  /** The document this one was converted from (POST /documents/:id/convert; Migration0028ConversionsQuotes). */
  @Property({ type: 'uuid', nullable: true })
  sourceDocumentId: Opt<string> | null = null;

  /** The recurring series that generated this document (Migration0033RecurringSeries). */
  @Property({ type: 'uuid', nullable: true })
  recurringSeriesId: Opt<string> | null = null;

  /** The documents converted from this one, oldest first. */
  @Property({ type: 'jsonb' })
  derivedDocumentIds: Opt<string[]> = [];

  /** A QUOTE's validity: the last Czech day on which the customer can accept it. */
  @Property({ type: 'timestamptz', nullable: true })
  validUntil: Opt<Date> | null = null;

  /** A QUOTE answered on its public page: when, from which IP, and the customer's note. */
  @Property({ type: 'timestamptz', nullable: true })
  answeredAt: Opt<Date> | null = null;

  @Property({ type: 'text', nullable: true })
  answeredIp: Opt<string> | null = null;

  @Property({ type: 'text', nullable: true })
  answerNote: Opt<string> | null = null;

  /** The customer's address and ids as the register sent them (name is clientName). */
  @Property({ type: 'jsonb', nullable: true })
  customerDetails: Opt<Record<string, string | null>> | null = null;

  /** The number of the content's current version: 1 from issue on, one more with each change of an issued document's content (Migration0023DocumentVersions). */
  @Property({ type: 'integer' })
  version: Opt<number> = 1;

  @Property({ type: 'timestamptz' })
  createdAt!: Date;

  @Property({ type: 'timestamptz' })
  updatedAt!: Date;
}
