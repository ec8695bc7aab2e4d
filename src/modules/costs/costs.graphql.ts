import { ArgsType, Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Connection, ListArgs } from '../../core/graphql/connection';
import { Decimal } from '../../core/graphql/decimal';
import { DocumentItemInput, DocumentItemType } from '../documents/documents.module';

export enum CostKindEnum {
  INVOICE = 'INVOICE',
  RECEIPT = 'RECEIPT',
  OTHER = 'OTHER',
}
export enum CostStatusEnum {
  OPEN = 'OPEN',
  PAID = 'PAID',
  CANCELLED = 'CANCELLED',
}
registerEnumType(CostKindEnum, { name: 'CostKind' });
registerEnumType(CostStatusEnum, { name: 'CostStatus' });

@ObjectType('CostSupplier', { description: 'The supplier as printed on the cost (a snapshot of the contact)' })
export class CostSupplierType {
  @Field() name!: string;
  @Field(() => String, { nullable: true }) street!: string | null;
  @Field(() => String, { nullable: true }) city!: string | null;
  @Field(() => String, { nullable: true }) zip!: string | null;
  @Field(() => String, { nullable: true }) country!: string | null;
  @Field(() => String, { nullable: true, description: 'IČO' }) taxId!: string | null;
  @Field(() => String, { nullable: true, description: 'DIČ' }) vatId!: string | null;
}

@ObjectType('CostVatSummaryRow')
export class CostVatSummaryRowType {
  @Field(() => Decimal) vatRate!: number;
  @Field(() => Decimal) subtotal!: string;
  @Field(() => Decimal) vatTotal!: string;
  @Field(() => Decimal) total!: string;
}

@ObjectType('CostPaymentAccount', { description: 'The supplier’s bank account the cost is paid to' })
export class CostPaymentAccountType {
  @Field(() => String, { nullable: true }) accountNumber!: string | null;
  @Field(() => String, { nullable: true }) bankCode!: string | null;
  @Field(() => String, { nullable: true }) iban!: string | null;
  @Field(() => String, { nullable: true }) bic!: string | null;
}

@ObjectType('CostAttachment', {
  description: 'A file kept with a cost (REST GET /costs/{id}/attachments/{attachmentId})',
})
export class CostAttachmentType {
  @Field(() => ID) id!: string;
  @Field() filename!: string;
  @Field() contentType!: string;
  @Field(() => Int, { description: 'Bytes' }) size!: number;
  @Field() createdAt!: string;
}

@ObjectType('Cost')
export class CostGqlType {
  @Field(() => ID) id!: string;
  @Field() number!: string;
  @Field(() => CostKindEnum) kind!: string;
  @Field(() => CostStatusEnum) status!: string;
  @Field(() => ID) supplierId!: string;
  @Field(() => CostSupplierType) supplier!: CostSupplierType;
  @Field(() => String, { nullable: true }) supplierDocumentNumber!: string | null;
  @Field(() => String, { nullable: true }) variableSymbol!: string | null;
  @Field(() => CostPaymentAccountType, { nullable: true }) paymentAccount!: CostPaymentAccountType | null;
  @Field() issuedAt!: string;
  @Field({ description: 'DUZP' }) taxableSupplyDate!: string;
  @Field() receivedAt!: string;
  @Field() vatClaimDate!: string;
  @Field() dueAt!: string;
  @Field() currency!: string;
  @Field(() => [DocumentItemType]) items!: DocumentItemType[];
  @Field(() => Decimal) subtotal!: string;
  @Field(() => Decimal) vatTotal!: string;
  @Field(() => Decimal) total!: string;
  @Field(() => [CostVatSummaryRowType]) vatSummary!: CostVatSummaryRowType[];
  @Field(() => Decimal, {
    nullable: true,
    description:
      'CZK per 1 unit of currency: the ČNB fixing valid on the taxable supply date unless given; 1 for CZK; null on a foreign-currency cost recorded before rates were kept',
  })
  exchangeRate!: string | null;
  @Field(() => Decimal, { nullable: true, description: 'subtotal in CZK' }) subtotalCzk!: string | null;
  @Field(() => Decimal, { nullable: true, description: 'vatTotal in CZK: the input VAT the VAT report counts' })
  vatTotalCzk!: string | null;
  @Field(() => Decimal, { nullable: true, description: 'total in CZK' }) totalCzk!: string | null;
  @Field(() => [CostVatSummaryRowType], { nullable: true, description: 'vatSummary in CZK' })
  vatRatesCzk!: CostVatSummaryRowType[] | null;
  @Field() reverseCharge!: boolean;
  @Field() taxDeductible!: boolean;
  @Field(() => [String]) tags!: string[];
  @Field(() => String, { nullable: true }) note!: string | null;
  @Field(() => ID, {
    nullable: true,
    description: 'The inbox item the cost was confirmed from; null when entered by hand or imported',
  })
  inboxItemId!: string | null;
  @Field(() => Decimal) paidAmount!: string;
  @Field(() => Decimal, { description: 'What is left to pay the supplier (the subtotal is due under reverse charge)' })
  remainingAmount!: string;
  @Field({ description: 'OPEN and due on a Czech day before today' }) overdue!: boolean;
  @Field(() => String, { nullable: true }) paidAt!: string | null;
  @Field(() => String, { nullable: true }) cancelledAt!: string | null;
  @Field() createdAt!: string;
  @Field() updatedAt!: string;
  @Field(() => [CostAttachmentType], { description: 'Files kept with the cost (an imported ISDOC), oldest first' })
  attachments!: CostAttachmentType[];
}

export const CostConnection = Connection(CostGqlType, 'Cost');

@InputType()
export class CostPaymentAccountInput {
  @Field(() => String, { nullable: true }) accountNumber?: string | null;
  @Field(() => String, { nullable: true }) bankCode?: string | null;
  @Field(() => String, { nullable: true }) iban?: string | null;
  @Field(() => String, { nullable: true }) bic?: string | null;
}

@InputType()
export class UpdateCostInput {
  @Field(() => CostKindEnum, { nullable: true }) kind?: string;
  @Field(() => ID, { nullable: true }) supplierId?: string;
  @Field(() => String, { nullable: true }) supplierDocumentNumber?: string | null;
  @Field(() => String, { nullable: true }) variableSymbol?: string | null;
  @Field(() => CostPaymentAccountInput, { nullable: true }) paymentAccount?: CostPaymentAccountInput | null;
  @Field({ nullable: true, description: 'ISO 8601 instant or YYYY-MM-DD (Czech date)' }) issuedAt?: string;
  @Field({ nullable: true, description: 'DUZP; ISO 8601 instant or YYYY-MM-DD (Czech date)' })
  taxableSupplyDate?: string;
  @Field({ nullable: true }) receivedAt?: string;
  @Field({ nullable: true }) vatClaimDate?: string;
  @Field({ nullable: true }) dueAt?: string;
  @Field({ nullable: true }) currency?: string;
  @Field(() => Decimal, {
    nullable: true,
    description: 'CZK per 1 unit of currency; null: the ČNB fixing valid on the taxable supply date',
  })
  exchangeRate?: string | null;
  @Field(() => [DocumentItemInput], { nullable: true }) items?: DocumentItemInput[];
  @Field({ nullable: true }) reverseCharge?: boolean;
  @Field({ nullable: true }) taxDeductible?: boolean;
  @Field(() => [String], { nullable: true }) tags?: string[];
  @Field(() => String, { nullable: true }) note?: string | null;
}

@InputType()
export class CreateCostInput extends UpdateCostInput {
  @Field(() => CostKindEnum) declare kind: string;
  @Field(() => ID) declare supplierId: string;
  @Field() declare issuedAt: string;
  @Field(() => [DocumentItemInput]) declare items: DocumentItemInput[];
}

@ArgsType()
export class CostsArgs extends ListArgs {
  @Field(() => CostStatusEnum, { nullable: true }) status?: string;
  @Field(() => CostKindEnum, { nullable: true }) kind?: string;
  @Field(() => ID, { nullable: true }) supplierId?: string;
  @Field({ nullable: true, description: 'Czech date YYYY-MM-DD, inclusive (issuedAt)' }) from?: string;
  @Field({ nullable: true, description: 'Czech date YYYY-MM-DD, inclusive (issuedAt)' }) to?: string;
  @Field({ nullable: true, description: 'Czech date YYYY-MM-DD, inclusive (vatClaimDate)' }) vatClaimFrom?: string;
  @Field({ nullable: true, description: 'Czech date YYYY-MM-DD, inclusive (vatClaimDate)' }) vatClaimTo?: string;
  @Field({ nullable: true }) overdue?: boolean;
  @Field({ nullable: true, description: 'Substring of number, supplier document number or supplier name' })
  search?: string;
}
