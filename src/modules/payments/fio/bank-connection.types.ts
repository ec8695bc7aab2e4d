import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';

export enum BankProviderEnum {
  FIO = 'FIO',
}
export enum BankConnectionStatus {
  NEW = 'NEW',
  OK = 'OK',
  ERROR = 'ERROR',
  TOKEN_REJECTED = 'TOKEN_REJECTED',
}
export enum BankSyncOutcome {
  SYNCED = 'SYNCED',
  CURSOR_RESET = 'CURSOR_RESET',
  TOO_EARLY = 'TOO_EARLY',
  TOKEN_REJECTED = 'TOKEN_REJECTED',
  FAILED = 'FAILED',
}
registerEnumType(BankProviderEnum, { name: 'BankProvider' });
registerEnumType(BankConnectionStatus, {
  name: 'BankConnectionStatus',
  valuesConfig: {
    NEW: { description: 'Not synced yet' },
    ERROR: { description: 'The last sync failed; retried with a growing pause' },
    TOKEN_REJECTED: { description: 'The bank refused the token; the periodic sync stops until a new token is put' },
  },
});
registerEnumType(BankSyncOutcome, {
  name: 'BankSyncOutcome',
  valuesConfig: {
    CURSOR_RESET: { description: "An earlier sync was cut: Fio's cursor was put back, the movements follow next sync" },
    TOO_EARLY: { description: 'Fio allows one call per token per 30 s; try after notBefore' },
  },
});

@ObjectType('BankConnection', { description: "A bank account's connection to its bank's API; never shows the token" })
export class BankConnectionType {
  @Field(() => BankProviderEnum) provider!: BankProviderEnum;
  @Field(() => BankConnectionStatus) status!: BankConnectionStatus;
  @Field(() => String, { nullable: true }) lastSyncAt!: string | null;
  @Field(() => String, { nullable: true }) lastError!: string | null;
  @Field(() => String, { nullable: true }) lastErrorAt!: string | null;
  @Field(() => String, { nullable: true, description: "Fio's limit: no call before then" }) notBefore!: string | null;
  @Field(() => String, { nullable: true }) nextSyncAt!: string | null;
  @Field() createdAt!: string;
}

@ObjectType('BankSyncReport')
export class BankSyncReportType {
  @Field(() => BankSyncOutcome) outcome!: BankSyncOutcome;
  @Field(() => Int) imported!: number;
  @Field(() => Int) duplicates!: number;
  @Field(() => Int) matched!: number;
  @Field(() => String, { nullable: true }) notBefore!: string | null;
  @Field(() => BankConnectionType) connection!: BankConnectionType;
}
