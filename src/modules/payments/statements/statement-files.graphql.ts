import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Decimal } from '../../../core/graphql/decimal';
import { PaymentDirection } from '../payments.types';
import { MAX_STATEMENT_BASE64_CHARS } from './statement-files';

export enum StatementFormat {
  GPC = 'GPC',
  CAMT053 = 'CAMT053',
  JSON = 'JSON',
}
registerEnumType(StatementFormat, {
  name: 'StatementFormat',
  valuesConfig: {
    GPC: { description: 'ABO/GPC, the fixed-width format of Czech banks (074/075 records, Windows-1250)' },
    CAMT053: { description: 'ISO 20022 CAMT.053 XML' },
    JSON: { description: 'Statement lines sent as data (importPayments, a CSV read in the browser)' },
  },
});

export enum StatementPreviewResult {
  NEW = 'NEW',
  DUPLICATE = 'DUPLICATE',
}
registerEnumType(StatementPreviewResult, {
  name: 'StatementPreviewResult',
  valuesConfig: {
    NEW: { description: 'Importing would create a payment' },
    DUPLICATE: { description: 'Imported before (or earlier in the same statement); importing changes nothing' },
  },
});

@InputType({ description: 'A statement file (ABO/GPC or CAMT.053) of one bank account, as base64' })
export class StatementFileInput {
  @Field(() => ID) bankAccountId!: string;
  @Field({ description: `The file's bytes as base64, at most ${MAX_STATEMENT_BASE64_CHARS} characters` })
  contentBase64!: string;
}

@ObjectType('StatementPreviewSummary')
export class StatementPreviewSummaryType {
  @Field(() => Int) new!: number;
  @Field(() => Int) duplicates!: number;
}

@ObjectType('StatementPreviewLine')
export class StatementPreviewLineType {
  @Field() transactionId!: string;
  @Field(() => StatementPreviewResult) result!: StatementPreviewResult;
  @Field(() => ID, { nullable: true, description: 'For a duplicate of an earlier import, that payment' })
  paymentId!: string | null;
  @Field(() => Decimal) amount!: string;
  @Field() currency!: string;
  @Field(() => PaymentDirection) direction!: PaymentDirection;
  @Field() receivedAt!: string;
  @Field(() => String, { nullable: true }) variableSymbol!: string | null;
  @Field(() => String, { nullable: true }) constantSymbol!: string | null;
  @Field(() => String, { nullable: true }) specificSymbol!: string | null;
  @Field(() => String, { nullable: true }) counterAccount!: string | null;
  @Field(() => String, { nullable: true }) counterAccountName!: string | null;
  @Field(() => String, { nullable: true }) message!: string | null;
}

@ObjectType('StatementPreview', { description: 'What importing a statement would do, line by line; nothing changed' })
export class StatementPreviewType {
  @Field(() => ID) bankAccountId!: string;
  @Field(() => StatementFormat) format!: StatementFormat;
  @Field(() => StatementPreviewSummaryType) summary!: StatementPreviewSummaryType;
  @Field(() => [StatementPreviewLineType]) lines!: StatementPreviewLineType[];
}
