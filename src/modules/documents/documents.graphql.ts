import { GraphQLJSONObject } from 'graphql-scalars';
import { ArgsType, Field, Float, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Connection, ListArgs } from '../../core/graphql/connection';
import { Decimal } from '../../core/graphql/decimal';

export enum DocumentKind {
  INVOICE = 'INVOICE',
  PROFORMA = 'PROFORMA',
  QUOTE = 'QUOTE',
  ORDER = 'ORDER',
  DELIVERY_NOTE = 'DELIVERY_NOTE',
  CREDIT_NOTE = 'CREDIT_NOTE',
  ADVANCE_TAX_DOCUMENT = 'ADVANCE_TAX_DOCUMENT',
}
export enum DocumentState {
  DRAFT = 'DRAFT',
  ISSUED = 'ISSUED',
  SENT = 'SENT',
  PAID = 'PAID',
  CANCELLED = 'CANCELLED',
  ARCHIVED = 'ARCHIVED',
  ACCEPTED = 'ACCEPTED',
  DECLINED = 'DECLINED',
}
/** The numbered series: one per document type, and COST for received costs. */
export const SeriesKind = { ...DocumentKind, COST: 'COST' } as const;
registerEnumType(DocumentKind, { name: 'DocumentType' });
registerEnumType(SeriesKind, { name: 'NumberingSeriesName' });
export const NumberingRestart = { YEARLY: 'YEARLY', NEVER: 'NEVER' } as const;
registerEnumType(NumberingRestart, {
  name: 'NumberingRestart',
  description: 'YEARLY: the counter restarts each Prague year',
});
registerEnumType(DocumentState, { name: 'DocumentStatus' });
export const ReverseChargeRegime = { DOMESTIC: 'DOMESTIC', EU_GOODS: 'EU_GOODS', EU_SERVICES: 'EU_SERVICES' } as const;
registerEnumType(ReverseChargeRegime, {
  name: 'ReverseChargeRegime',
  description:
    'DOMESTIC: § 92a ZDPH (with a code); EU_GOODS: intra-Community supply of goods; EU_SERVICES: services to an EU VAT payer',
});

@ObjectType('ReverseCharge', { description: 'The customer accounts for the VAT; the document charges none' })
export class ReverseChargeType {
  @Field(() => ReverseChargeRegime) regime!: string;
  @Field(() => String, { nullable: true, description: 'DOMESTIC: the kód předmětu plnění (control statement A.1)' })
  code?: string | null;
}

@InputType()
export class ReverseChargeInput {
  @Field(() => ReverseChargeRegime) regime!: string;
  @Field(() => String, { nullable: true, description: 'Required for DOMESTIC: the kód předmětu plnění' })
  code?: string | null;
}

@ObjectType('DocumentItem')
export class DocumentItemType {
  @Field() name!: string;
  @Field(() => Decimal) quantity!: number;
  @Field() unit!: string;
  @Field(() => Decimal) unitPrice!: number;
  @Field(() => Decimal, { description: 'Percent' }) vatRate!: number;
  @Field() priceIncludesVat!: boolean;
  @Field(() => Decimal, { description: 'Tax base of the line' }) base!: string;
  @Field(() => Decimal, { description: 'VAT of the line' }) vat!: string;
  @Field(() => Decimal, { description: 'base + vat' }) total!: string;
}

/**
 * What a document costs and how much of it is paid, for the document and each of its versions to
 * extend (no field returns this type itself, so the schema never shows it).
 */
@ObjectType('DocumentAmounts')
abstract class DocumentAmountsType {
  @Field() currency!: string;
  @Field(() => [DocumentItemType]) items!: DocumentItemType[];
  @Field(() => Decimal) subtotal!: string;
  @Field(() => Decimal) vatTotal!: string;
  @Field(() => Decimal) total!: string;
  @Field(() => Decimal) paidAmount!: string;
  @Field(() => Decimal, { description: 'The signed sum of the credit notes correcting the document' })
  creditedAmount!: string;
  @Field(() => Decimal, { description: 'total + creditedAmount − paidAmount, never below zero' })
  remainingAmount!: string;
}

@ObjectType('CreditNoteRef', { description: 'A credit note correcting a document' })
export class CreditNoteRefType {
  @Field(() => ID) id!: string;
  @Field() number!: string;
}

@ObjectType('AdvanceRef', {
  description: 'An advance: a proforma’s advance tax document, or what a final invoice settles',
})
export class AdvanceRefType {
  @Field(() => ID) id!: string;
  @Field() number!: string;
  @Field(() => Decimal) amount!: string;
  @Field(() => ID, { nullable: true, description: 'The bank payment it was issued for (a proforma’s list only)' })
  paymentId!: string | null;
}

@ObjectType('Document')
export class DocumentGqlType extends DocumentAmountsType {
  @Field(() => ID) id!: string;
  @Field(() => DocumentKind) type!: string;
  @Field(() => DocumentState) status!: string;
  @Field(() => [DocumentState], { description: 'The statuses transitionDocument accepts now' })
  allowedTransitions!: string[];
  @Field() number!: string;
  @Field(() => String, { nullable: true }) variableSymbol!: string | null;
  @Field(() => ID, { nullable: true }) contactId!: string | null;
  @Field(() => String, { nullable: true }) clientName!: string | null;
  @Field(() => ID, { nullable: true }) departmentId!: string | null;
  @Field(() => [String]) tags!: string[];
  @Field(() => GraphQLJSONObject, { description: 'The company’s own fields: string keys and values' })
  customFields!: Record<string, string>;
  @Field(() => String, { nullable: true }) note!: string | null;
  @Field(() => String, {
    nullable: true,
    description: 'cs, en or de: the language of its PDF, public page and e-mail; null: the company’s',
  })
  language!: string | null;
  @Field() issuedAt!: string;
  @Field() dueAt!: string;
  @Field({ description: 'DUZP, the taxable supply date (the issue date unless set)' }) taxableSupplyDate!: string;
  @Field(() => Decimal, {
    nullable: true,
    description:
      'CZK per 1 unit of currency: the ČNB fixing valid on the taxable supply date unless given; 1 for CZK; null on a foreign-currency document made before rates were kept',
  })
  exchangeRate!: string | null;
  @Field(() => Decimal, { nullable: true, description: 'subtotal in CZK' }) subtotalCzk!: string | null;
  @Field(() => Decimal, { nullable: true, description: 'vatTotal in CZK' }) vatTotalCzk!: string | null;
  @Field(() => Decimal, { nullable: true, description: 'total in CZK' }) totalCzk!: string | null;
  @Field(() => [DocumentVatRateTotalsType], { nullable: true, description: 'Per VAT rate in CZK, highest first' })
  vatRatesCzk!: DocumentVatRateTotalsType[] | null;
  @Field(() => String, { nullable: true }) sentAt!: string | null;
  @Field(() => String, { nullable: true }) paidAt!: string | null;
  @Field(() => String, { nullable: true }) cancelledAt!: string | null;
  @Field() publicUrl!: string;
  @Field(() => ID, { nullable: true, description: 'The register that issued it (POS documents only)' }) posDeviceId!:
    string | null;
  @Field(() => String, {
    nullable: true,
    description: 'SIMPLIFIED, TAX_DOCUMENT, INVOICE or SALE_RECEIPT (POS documents only)',
  })
  posDocumentKind!: string | null;
  @Field(() => ID, { nullable: true, description: 'A credit note: the document it corrects' })
  correctedDocumentId!: string | null;
  @Field(() => String, { nullable: true, description: 'A credit note: the number of the document it corrects' })
  correctedDocumentNumber!: string | null;
  @Field(() => String, { nullable: true, description: 'A credit note: the reason for the correction' })
  creditNoteReason!: string | null;
  @Field(() => [CreditNoteRefType], { description: 'The credit notes correcting the document, oldest first' })
  creditNotes!: { id: string; number: string }[];
  @Field(() => ReverseChargeType, { nullable: true, description: 'Reverse charge; null when the document charges VAT' })
  reverseCharge!: ReverseChargeType | null;
  @Field(() => ID, { nullable: true, description: 'An advance tax document or a final invoice: its proforma' })
  proformaId!: string | null;
  @Field(() => String, {
    nullable: true,
    description: 'An advance tax document or a final invoice: its proforma’s number',
  })
  proformaNumber!: string | null;
  @Field(() => [AdvanceRefType], { description: 'A proforma: its advance tax documents, oldest first' })
  advanceDocuments!: AdvanceRefType[];
  @Field(() => ID, { nullable: true, description: 'A proforma: its final invoice' })
  finalInvoiceId!: string | null;
  @Field(() => [AdvanceRefType], { description: 'A final invoice: the advances its deduction lines take off' })
  settledAdvances!: AdvanceRefType[];
  @Field(() => Int, {
    nullable: true,
    description: 'The number of the content’s current version (see versions); null for a draft',
  })
  version!: number | null;
  @Field(() => [DocumentKind], { description: 'The types convertDocument makes of it now' })
  convertibleTo!: string[];
  @Field(() => ID, { nullable: true, description: 'The document this one was converted from (convertDocument)' })
  sourceDocumentId!: string | null;
  @Field(() => ID, { nullable: true, description: 'The recurring series that generated this document' })
  recurringSeriesId!: string | null;
  @Field(() => [ID], { description: 'The documents converted from this one, oldest first' })
  derivedDocumentIds!: string[];
  @Field(() => String, { nullable: true, description: 'A QUOTE: the last Czech day on which it can be accepted' })
  validUntil!: string | null;
  @Field(() => String, { nullable: true, description: 'A QUOTE: when the customer answered it on its public page' })
  answeredAt!: string | null;
  @Field(() => String, { nullable: true, description: 'A QUOTE: the IP address the customer answered from' })
  answeredIp!: string | null;
  @Field(() => String, { nullable: true, description: 'A QUOTE: the customer’s note with the answer' })
  answerNote!: string | null;
  @Field() createdAt!: string;
  @Field() updatedAt!: string;
}

export const DocumentConnection = Connection(DocumentGqlType, 'Document');

@InputType({ description: 'A corrective tax document (§ 45 ZDPH) of an ISSUED, SENT or PAID invoice' })
export class CreditNoteInput {
  @Field() reason!: string;
  @Field({ description: 'ISO 8601 instant or YYYY-MM-DD (Czech date)' }) issuedAt!: string;
  @Field(() => String, { nullable: true, description: 'DUZP of the correction; default issuedAt' })
  taxableSupplyDate?: string | null;
  @Field(() => [DocumentItemInput], { description: "The differences, at the invoice's VAT rates" })
  items!: DocumentItemInput[];
}

@InputType({ description: 'The final invoice of a proforma paid in advance; every field optional' })
export class FinalInvoiceInput {
  @Field(() => String, { nullable: true, description: 'ISO 8601 instant or YYYY-MM-DD (Czech date); default now' })
  issuedAt?: string;
  @Field(() => String, { nullable: true, description: 'DUZP of the supply; default issuedAt' })
  taxableSupplyDate?: string | null;
  @Field(() => String, {
    nullable: true,
    description: 'Default issuedAt + 14 days (issuedAt when nothing is left to pay)',
  })
  dueAt?: string;
  @Field(() => Decimal, {
    nullable: true,
    description: 'CZK per 1 unit of currency; null: the ČNB fixing valid on the taxable supply date',
  })
  exchangeRate?: string | null;
}

@InputType()
export class DocumentItemInput {
  @Field() name!: string;
  @Field(() => Decimal) quantity!: string;
  @Field({ nullable: true }) unit?: string;
  @Field(() => Decimal) unitPrice!: string;
  @Field(() => Decimal) vatRate!: string;
  @Field({ nullable: true }) priceIncludesVat?: boolean;
}

@InputType()
export class UpdateDocumentInput {
  @Field(() => ID, { nullable: true }) contactId?: string | null;
  @Field(() => String, { nullable: true }) clientName?: string | null;
  @Field(() => ID, { nullable: true }) departmentId?: string | null;
  @Field({ nullable: true }) currency?: string;
  @Field(() => [DocumentItemInput], { nullable: true }) items?: DocumentItemInput[];
  @Field(() => [String], { nullable: true }) tags?: string[];
  @Field(() => String, {
    nullable: true,
    description: 'cs, en or de; null: the contact’s language, else the company’s. Changes only on a draft',
  })
  language?: string | null;
  @Field(() => Decimal, {
    nullable: true,
    description: 'CZK per 1 unit of currency; null: the ČNB fixing valid on the taxable supply date',
  })
  exchangeRate?: string | null;
  @Field(() => ReverseChargeInput, {
    nullable: true,
    description:
      'Reverse charge (the lines then carry no VAT); the contact needs a Czech DIČ (DOMESTIC) or another member state’s VAT id (EU_*). null: none',
  })
  reverseCharge?: ReverseChargeInput | null;
  @Field(() => GraphQLJSONObject, {
    nullable: true,
    description: 'String keys (≤ 100 characters) and values (≤ 1000), at most 50; replaces the stored object',
  })
  customFields?: Record<string, string>;
  @Field({ nullable: true, description: 'ISO 8601 instant or YYYY-MM-DD (Czech date)' }) issuedAt?: string;
  @Field({ nullable: true, description: 'ISO 8601 instant or YYYY-MM-DD (Czech date)' }) dueAt?: string;
  @Field(() => String, {
    nullable: true,
    description: 'DUZP: ISO 8601 instant or YYYY-MM-DD (Czech date); null = the issue date',
  })
  taxableSupplyDate?: string | null;
  @Field(() => String, { nullable: true }) variableSymbol?: string | null;
  @Field(() => String, { nullable: true }) note?: string | null;
  @Field(() => String, {
    nullable: true,
    description: 'A QUOTE only: the last Czech day on which it can be accepted (YYYY-MM-DD); null: no limit',
  })
  validUntil?: string | null;
}

@InputType()
export class CreateDocumentInput extends UpdateDocumentInput {
  @Field(() => DocumentKind) type!: string;
  @Field(() => DocumentState, { nullable: true, description: 'DRAFT (default), ISSUED or PAID (created already paid)' })
  status?: string;
  @Field(() => [DocumentItemInput]) declare items: DocumentItemInput[];
}

@InputType({ description: 'A new document from a QUOTE, ORDER, PROFORMA or DELIVERY_NOTE' })
export class ConvertDocumentInput {
  @Field(() => DocumentKind, {
    description: 'The type of the new document (an allowed pair, else DOCUMENT_NOT_CONVERTIBLE)',
  })
  type!: string;
  @Field({ nullable: true, description: 'true: the new document is ISSUED; default a DRAFT' }) issue?: boolean;
  @Field(() => Decimal, {
    nullable: true,
    description: 'A foreign-currency source: CZK per 1 unit; absent: the ČNB fixing of today',
  })
  exchangeRate?: string | null;
}

@InputType()
export class SendDocumentEmailInput {
  @Field({
    nullable: true,
    description: 'REMINDER: the company’s reminder template, for an invoice waiting for payment; default DOCUMENT',
  })
  kind?: string;
  @Field({ nullable: true }) to?: string;
  @Field({ nullable: true }) subject?: string;
  @Field({ nullable: true }) message?: string;
}

@ArgsType()
export class DocumentsArgs extends ListArgs {
  @Field(() => DocumentKind, { nullable: true }) type?: string;
  @Field(() => DocumentState, { nullable: true }) status?: string;
  @Field(() => ID, { nullable: true }) contactId?: string;
  @Field({ nullable: true }) tag?: string;
  @Field({ nullable: true, description: 'Czech date YYYY-MM-DD, inclusive (issuedAt)' }) from?: string;
  @Field({ nullable: true, description: 'Czech date YYYY-MM-DD, inclusive (issuedAt)' }) to?: string;
  @Field({ nullable: true, description: 'Substring of the number, the variable symbol or the client name' })
  search?: string;
  @Field({ nullable: true, description: 'true: only documents waiting for payment (ISSUED or SENT)' })
  unpaid?: boolean;
  @Field({ nullable: true, description: 'Czech date YYYY-MM-DD: only documents due before that day (dueAt)' })
  dueBefore?: string;
}

@ObjectType('NumberingSeries')
export class NumberingSeriesType {
  @Field(() => SeriesKind, { description: 'A document type, or COST for received costs' }) documentType!: string;
  @Field({ description: 'The mask, e.g. FV{YYYY}-{NNNN}' }) format!: string;
  @Field(() => NumberingRestart) restart!: string;
  @Field({ description: 'The mask before its counter token' }) prefix!: string;
  @Field(() => Int, { description: 'The counter’s width' }) padding!: number;
  @Field(() => Float, { description: 'The counter of the current period' }) nextNumber!: number;
  @Field({ description: 'The number a document issued now gets' }) preview!: string;
}

@InputType()
export class NumberingSeriesInput {
  @Field(() => SeriesKind) documentType!: string;
  @Field({ nullable: true, description: 'The mask: {YYYY}, {YY}, {MM}, one {N…N} counter' }) format?: string;
  @Field(() => NumberingRestart, { nullable: true }) restart?: string;
  @Field({ nullable: true }) prefix?: string;
  @Field(() => Int, { nullable: true }) padding?: number;
  @Field(() => Float, { nullable: true }) nextNumber?: number;
}

@ObjectType('DocumentHistoryEntry')
export class DocumentHistoryEntryType {
  @Field(() => ID) id!: string;
  @Field({ description: 'STATUS_CHANGED, or POS_CANCEL for a register’s same-day cancellation' }) action!: string;
  @Field(() => DocumentState, { nullable: true }) fromStatus!: string | null;
  @Field(() => DocumentState, { nullable: true }) toStatus!: string | null;
  @Field(() => String, { nullable: true }) reason!: string | null;
  @Field(() => ID, {
    nullable: true,
    description: 'The person who made the change; null for a payment, an automation or the system',
  })
  userId!: string | null;
  @Field(() => ID, { nullable: true }) posDeviceId!: string | null;
  @Field() at!: string;
}

export const DocumentHistoryConnection = Connection(DocumentHistoryEntryType, 'DocumentHistoryEntry');

@ObjectType('PrintedParty')
export class PrintedPartyType {
  @Field() name!: string;
  @Field(() => [String], { description: 'Street, ZIP and city, country: the lines as printed' }) address!: string[];
  @Field(() => String, { nullable: true }) taxId!: string | null;
  @Field(() => String, { nullable: true }) vatId!: string | null;
}

@ObjectType('DocumentVersionContent')
export class DocumentVersionContentType extends DocumentAmountsType {
  @Field(() => DocumentKind) type!: string;
  @Field(() => DocumentState, { description: 'The status when this version was made' }) status!: string;
  @Field() number!: string;
  @Field(() => String, { nullable: true }) variableSymbol!: string | null;
  @Field(() => ID, { nullable: true }) contactId!: string | null;
  @Field(() => String, { nullable: true }) clientName!: string | null;
  @Field(() => PrintedPartyType, { description: 'The customer as this version prints it' }) customer!: PrintedPartyType;
  @Field(() => String, { nullable: true }) note!: string | null;
  @Field() issuedAt!: string;
  @Field() dueAt!: string;
  @Field({ description: 'DUZP, the taxable supply date (the issue date unless set)' }) taxableSupplyDate!: string;
}

@ObjectType('DocumentVersion')
export class DocumentVersionType {
  @Field(() => Int) version!: number;
  @Field(() => ID, {
    nullable: true,
    description: 'The person who made the change (version 1: who issued the document); null when no person did',
  })
  userId!: string | null;
  @Field() at!: string;
  @Field(() => DocumentVersionContentType) content!: DocumentVersionContentType;
}

export const DocumentVersionConnection = Connection(DocumentVersionType, 'DocumentVersion');

@ObjectType('DocumentVatRateTotals')
export class DocumentVatRateTotalsType {
  @Field(() => Decimal, { description: 'Percent' }) vatRate!: string;
  @Field(() => Decimal) subtotal!: string;
  @Field(() => Decimal) vatTotal!: string;
  @Field(() => Decimal) total!: string;
}

@ObjectType('DocumentTotalsPreview')
export class DocumentTotalsPreviewType {
  @Field(() => [DocumentItemType]) items!: DocumentItemType[];
  @Field(() => [DocumentVatRateTotalsType], { description: 'Per VAT rate, highest first' })
  vatRates!: DocumentVatRateTotalsType[];
  @Field(() => Decimal) subtotal!: string;
  @Field(() => Decimal) vatTotal!: string;
  @Field(() => Decimal) total!: string;
}
