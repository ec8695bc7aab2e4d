import { ArgsType, Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Connection, ListArgs } from '../../core/graphql/connection';
import { Decimal } from '../../core/graphql/decimal';
import { BankConnectionType } from './fio/bank-connection.types';

export enum PaymentMatchStatus {
  AUTO_MATCHED = 'AUTO_MATCHED',
  MANUAL_MATCHED = 'MANUAL_MATCHED',
  UNMATCHED = 'UNMATCHED',
}
export enum PaymentDirection {
  IN = 'IN',
  OUT = 'OUT',
}
export enum PaymentSource {
  MANUAL_IMPORT = 'MANUAL_IMPORT',
  BANK_SYNC = 'BANK_SYNC',
  MANUAL = 'MANUAL',
  GATEWAY = 'GATEWAY',
}
export enum PaymentMethod {
  CASH = 'CASH',
  CARD = 'CARD',
  TRANSFER = 'TRANSFER',
}
export enum BankAccountKind {
  BANK = 'BANK',
  CASH = 'CASH',
  GATEWAY = 'GATEWAY',
}
registerEnumType(PaymentMethod, { name: 'PaymentMethod' });
registerEnumType(BankAccountKind, {
  name: 'BankAccountKind',
  valuesConfig: {
    CASH: { description: 'Payments recorded by hand (cash, card), one account per currency' },
    GATEWAY: { description: 'Payments through a payment gateway, one account per currency' },
  },
});
export enum StatementLineResult {
  IMPORTED = 'IMPORTED',
  DUPLICATE = 'DUPLICATE',
}
registerEnumType(PaymentMatchStatus, { name: 'PaymentMatchStatus' });
registerEnumType(PaymentDirection, { name: 'PaymentDirection' });
registerEnumType(PaymentSource, { name: 'PaymentSource' });
export enum SuggestionReason {
  VARIABLE_SYMBOL = 'VARIABLE_SYMBOL',
  AMOUNT = 'AMOUNT',
  SPECIFIC_SYMBOL = 'SPECIFIC_SYMBOL',
  MESSAGE_NUMBER = 'MESSAGE_NUMBER',
  COUNTER_ACCOUNT = 'COUNTER_ACCOUNT',
}
registerEnumType(StatementLineResult, { name: 'StatementLineResult' });
registerEnumType(SuggestionReason, {
  name: 'PaymentSuggestionReason',
  valuesConfig: {
    VARIABLE_SYMBOL: { description: 'The variable symbols agree (leading zeros ignored)' },
    AMOUNT: { description: 'Only the remaining amount equals the payment' },
    SPECIFIC_SYMBOL: { description: "The payment's specific symbol is the document's variable symbol" },
    MESSAGE_NUMBER: { description: "The payment's message holds the document's number" },
    COUNTER_ACCOUNT: {
      description: "The remaining amount equals the payment and the document's contact paid from this account before",
    },
  },
});

@ObjectType('BankAccount')
export class BankAccountType {
  @Field(() => ID) id!: string;
  @Field() name!: string;
  @Field(() => String, { nullable: true }) accountNumber!: string | null;
  @Field(() => String, { nullable: true }) iban!: string | null;
  @Field() currency!: string;
  @Field(() => BankAccountKind) kind!: BankAccountKind;
  @Field() createdAt!: string;
  @Field() updatedAt!: string;
  @Field(() => BankConnectionType, { nullable: true, description: 'The bank API connection; null if none' })
  connection!: BankConnectionType | null;
}

@ObjectType('Payment')
export class PaymentType {
  @Field(() => ID) id!: string;
  @Field(() => ID) bankAccountId!: string;
  @Field() transactionId!: string;
  @Field(() => Decimal, { description: '2 places' }) amount!: string;
  @Field() currency!: string;
  @Field(() => PaymentDirection) direction!: PaymentDirection;
  @Field() receivedAt!: string;
  @Field(() => String, { nullable: true }) variableSymbol!: string | null;
  @Field(() => String, { nullable: true }) constantSymbol!: string | null;
  @Field(() => String, { nullable: true }) specificSymbol!: string | null;
  @Field(() => String, { nullable: true }) counterAccount!: string | null;
  @Field(() => String, { nullable: true }) counterAccountName!: string | null;
  @Field(() => String, { nullable: true, description: 'The message for the payee' }) message!: string | null;
  @Field(() => PaymentMethod, { nullable: true, description: 'How a payment recorded by hand was paid' })
  method!: PaymentMethod | null;
  @Field(() => String, { nullable: true }) note!: string | null;
  @Field(() => PaymentSource) source!: PaymentSource;
  @Field(() => PaymentMatchStatus) matchStatus!: PaymentMatchStatus;
  @Field(() => ID, { nullable: true }) documentId!: string | null;
  @Field(() => ID, { nullable: true, description: 'The received cost an outgoing payment pays' }) costId!:
    string | null;
  @Field(() => String, { nullable: true }) matchedAt!: string | null;
  @Field(() => ID, {
    nullable: true,
    description: 'User who matched it by hand; null for automatic matches and API keys',
  })
  matchedBy!: string | null;
  @Field() createdAt!: string;
  @Field() updatedAt!: string;
  @Field(() => Decimal, {
    nullable: true,
    description: "While matched: what it added to the document's or cost's paid amount, in that one's currency",
  })
  appliedAmount!: string | null;
}

@ObjectType('StatementImportSummary')
export class StatementImportSummaryType {
  @Field(() => Int) imported!: number;
  @Field(() => Int) duplicates!: number;
  @Field(() => Int) matched!: number;
}

@ObjectType('StatementImportLine')
export class StatementImportLineType {
  @Field() transactionId!: string;
  @Field(() => StatementLineResult) result!: StatementLineResult;
  @Field(() => PaymentType, { description: 'The new payment, or for a duplicate the one imported before' })
  payment!: PaymentType;
}

@ObjectType('StatementImport')
export class StatementImportType {
  @Field(() => ID) bankAccountId!: string;
  @Field(() => StatementImportSummaryType) summary!: StatementImportSummaryType;
  @Field(() => [StatementImportLineType]) lines!: StatementImportLineType[];
}

@InputType()
export class CreateBankAccountInput {
  @Field() name!: string;
  @Field(() => String, { nullable: true }) accountNumber?: string | null;
  @Field(() => String, { nullable: true }) iban?: string | null;
  @Field(() => String, { nullable: true, description: 'ISO 4217; default CZK' }) currency?: string;
}

@InputType()
export class StatementLineInput {
  @Field({ description: 'The bank transaction id; unique per bank account' }) transactionId!: string;
  @Field(() => Decimal, { description: 'Positive, at most 2 decimals' }) amount!: string;
  @Field(() => String, { nullable: true, description: "Defaults to the bank account's currency" }) currency?: string;
  @Field(() => PaymentDirection) direction!: PaymentDirection;
  @Field({ description: 'ISO 8601 instant, or a date (start of that day in Europe/Prague)' }) receivedAt!: string;
  @Field(() => String, { nullable: true }) variableSymbol?: string | null;
  @Field(() => String, { nullable: true }) counterAccount?: string | null;
  @Field(() => String, { nullable: true }) constantSymbol?: string | null;
  @Field(() => String, { nullable: true }) specificSymbol?: string | null;
  @Field(() => String, { nullable: true }) counterAccountName?: string | null;
  @Field(() => String, { nullable: true, description: 'The message for the payee' }) message?: string | null;
}

@InputType()
export class ImportPaymentsInput {
  @Field(() => ID) bankAccountId!: string;
  @Field(() => [StatementLineInput]) payments!: StatementLineInput[];
}

@ArgsType()
export class PaymentsArgs extends ListArgs {
  @Field(() => PaymentMatchStatus, { nullable: true }) matchStatus?: PaymentMatchStatus;
  @Field(() => PaymentDirection, { nullable: true }) direction?: PaymentDirection;
  @Field(() => ID, { nullable: true }) bankAccountId?: string;
  @Field(() => ID, { nullable: true }) documentId?: string;
  @Field(() => ID, { nullable: true }) costId?: string;
}

export const BankAccountConnection = Connection(BankAccountType, 'BankAccount');
export const PaymentConnection = Connection(PaymentType, 'Payment');

@ObjectType('PaymentSuggestion', { description: 'The document an unmatched incoming payment most likely pays' })
export class PaymentSuggestionType {
  @Field(() => ID) documentId!: string;
  @Field() number!: string;
  @Field(() => String, { nullable: true }) clientName!: string | null;
  @Field() currency!: string;
  @Field(() => Decimal) remainingAmount!: string;
  @Field(() => SuggestionReason) reason!: SuggestionReason;
  @Field(() => Decimal, { description: "The payment in the document's currency (CZK converted at its exchange rate)" })
  appliedAmount!: string;
}

@InputType({ description: 'Only the fields sent change; the currency only while the account has no payments' })
export class UpdateBankAccountInput {
  @Field(() => String, { nullable: true }) name?: string;
  @Field(() => String, { nullable: true, description: 'null or "" clears it; an account number or an IBAN remains' })
  accountNumber?: string | null;
  @Field(() => String, { nullable: true, description: 'null or "" clears it; checked (mod 97)' }) iban?: string | null;
  @Field(() => String, { nullable: true, description: 'ISO 4217' }) currency?: string;
}

@InputType({ description: 'A payment recorded by hand (source MANUAL); at most one of documentId and costId' })
export class CreatePaymentInput {
  @Field(() => Decimal, { description: 'Positive, at most 2 decimals' }) amount!: string;
  @Field({ description: 'ISO 4217' }) currency!: string;
  @Field({ description: 'ISO 8601 instant, or a date (start of that day in Europe/Prague)' }) receivedAt!: string;
  @Field(() => PaymentMethod) method!: PaymentMethod;
  @Field(() => PaymentDirection, { nullable: true, description: 'Default IN' }) direction?: PaymentDirection;
  @Field(() => ID, { nullable: true, description: "Default: the organization's CASH account of the currency" })
  bankAccountId?: string;
  @Field(() => ID, { nullable: true, description: 'An invoice or proforma it pays (incoming)' }) documentId?: string;
  @Field(() => ID, { nullable: true, description: 'A received cost it pays (outgoing)' }) costId?: string;
  @Field(() => String, { nullable: true }) variableSymbol?: string | null;
  @Field(() => String, { nullable: true }) note?: string | null;
}
