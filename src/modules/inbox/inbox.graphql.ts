import { ArgsType, Field, Float, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Connection, PageArgs } from '../../core/graphql/connection';
import { Decimal } from '../../core/graphql/decimal';
import { CostGqlType, UpdateCostInput } from '../costs/costs.module';

export enum InboxItemStatusEnum {
  QUEUED = 'QUEUED',
  PROCESSING = 'PROCESSING',
  EXTRACTED = 'EXTRACTED',
  FAILED = 'FAILED',
  CONFIRMED = 'CONFIRMED',
}
export enum InboxSourceEnum {
  UPLOAD = 'UPLOAD',
}
export enum InboxExtractionMethodEnum {
  ISDOC = 'ISDOC',
  TEXT = 'TEXT',
  OCR = 'OCR',
}
registerEnumType(InboxItemStatusEnum, {
  name: 'InboxItemStatus',
  description: 'QUEUED → PROCESSING → EXTRACTED | FAILED; EXTRACTED → CONFIRMED',
});
registerEnumType(InboxSourceEnum, { name: 'InboxSource', description: 'How the file came in' });
registerEnumType(InboxExtractionMethodEnum, {
  name: 'InboxExtractionMethod',
  description: 'ISDOC: read exactly; TEXT: the PDF’s text layer; OCR: a scan or photo read by Tesseract',
});

@ObjectType('ExtractedText', { description: 'One value read from the file, with how sure the reading is' })
export class ExtractedTextType {
  @Field() value!: string;
  @Field(() => Float, { description: '0..1; below 0.8 a person should check it' }) confidence!: number;
}

@ObjectType('ExtractedVatRow', { description: 'One row of the VAT recapitulation' })
export class ExtractedVatRowType {
  @Field({ description: '21, 12 or 0 (percent)' }) rate!: string;
  @Field(() => Decimal) base!: string;
  @Field(() => Decimal) vat!: string;
  @Field(() => Float) confidence!: number;
}

@ObjectType('ExtractedFields', { description: 'What was read from the file; a field not found is null' })
export class ExtractedFieldsType {
  @Field(() => ExtractedTextType, { nullable: true, description: 'IČO' }) supplierIco!: ExtractedTextType | null;
  @Field(() => ExtractedTextType, { nullable: true, description: 'DIČ' }) supplierDic!: ExtractedTextType | null;
  @Field(() => ExtractedTextType, { nullable: true }) supplierName!: ExtractedTextType | null;
  @Field(() => ExtractedTextType, { nullable: true }) documentNumber!: ExtractedTextType | null;
  @Field(() => ExtractedTextType, { nullable: true }) variableSymbol!: ExtractedTextType | null;
  @Field(() => ExtractedTextType, { nullable: true, description: 'YYYY-MM-DD' }) issueDate!: ExtractedTextType | null;
  @Field(() => ExtractedTextType, { nullable: true, description: 'DUZP, YYYY-MM-DD' })
  taxableSupplyDate!: ExtractedTextType | null;
  @Field(() => ExtractedTextType, { nullable: true, description: 'YYYY-MM-DD' }) dueDate!: ExtractedTextType | null;
  @Field(() => ExtractedTextType, { nullable: true, description: 'Total including VAT, 2 decimal places' })
  total!: ExtractedTextType | null;
  @Field(() => ExtractedTextType, { nullable: true, description: 'ISO 4217' }) currency!: ExtractedTextType | null;
  @Field(() => [ExtractedVatRowType]) vat!: ExtractedVatRowType[];
  @Field(() => ExtractedTextType, { nullable: true }) iban!: ExtractedTextType | null;
  @Field(() => ExtractedTextType, { nullable: true, description: '[prefix-]number/bankCode' })
  accountNumber!: ExtractedTextType | null;
}

@ObjectType('InboxItem', {
  description:
    'A received file (REST /inbox). Once EXTRACTED its fields, matched supplier and duplicate flag are the draft cost; no cost exists until it is confirmed.',
})
export class InboxItemType {
  @Field(() => ID) id!: string;
  @Field(() => InboxItemStatusEnum) status!: string;
  @Field(() => InboxSourceEnum) source!: string;
  @Field() filename!: string;
  @Field() contentType!: string;
  @Field(() => Int, { description: 'Bytes' }) size!: number;
  @Field(() => Int, { nullable: true, description: 'Known once processed' }) pages!: number | null;
  @Field(() => InboxExtractionMethodEnum, { nullable: true }) method!: string | null;
  @Field(() => String, { nullable: true, description: 'The engine and its version' }) engine!: string | null;
  @Field(() => String, { nullable: true, description: 'Why the item FAILED' }) failureReason!: string | null;
  @Field(() => ExtractedFieldsType, { nullable: true }) fields!: ExtractedFieldsType | null;
  @Field(() => ID, { nullable: true, description: 'The contact whose IČO the file names' })
  supplierContactId!: string | null;
  @Field(() => ID, {
    nullable: true,
    description: 'A cost of this supplier with the same document number already exists: confirming answers CONFLICT',
  })
  duplicateCostId!: string | null;
  @Field(() => ID, { nullable: true, description: 'The cost made when the item was confirmed' }) costId!: string | null;
  @Field() createdAt!: string;
  @Field() updatedAt!: string;
  @Field(() => String, { nullable: true }) processedAt!: string | null;
}

export const InboxItemConnection = Connection(InboxItemType, 'InboxItem');

@ObjectType('InboxConfirmation')
export class InboxConfirmationType {
  @Field(() => InboxItemType) item!: InboxItemType;
  @Field(() => CostGqlType) cost!: CostGqlType;
}

@ArgsType()
export class InboxItemsArgs extends PageArgs {
  @Field(() => InboxItemStatusEnum, { nullable: true }) status?: string;
}

@InputType('InboxFileInput')
export class InboxFileInput {
  @Field({ description: 'Kept as the item’s filename (at most 255 characters)' }) filename!: string;
  @Field({ description: 'The file, base64; its bytes decide its type (PDF, PNG, JPEG, ISDOC, ISDOCX)' })
  contentBase64!: string;
}

@InputType('ConfirmInboxItemInput', {
  description:
    'Corrections of the extracted proposal, as the fields of createCost (REST POST /inbox/{id}/confirm); a field left out keeps the extracted value, or the contact matched by IČO',
})
export class ConfirmInboxItemInput extends UpdateCostInput {}
