import { ArgsType, Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Connection, ListArgs } from '../../core/graphql/connection';
import { Decimal } from '../../core/graphql/decimal';
import { DocumentItemInput } from '../documents/documents.module';

export enum RecurringSeriesStatus {
  ACTIVE = 'ACTIVE',
  PAUSED = 'PAUSED',
  ENDED = 'ENDED',
}
registerEnumType(RecurringSeriesStatus, { name: 'RecurringSeriesStatus' });

export enum RecurringDocumentType {
  INVOICE = 'INVOICE',
  PROFORMA = 'PROFORMA',
}
registerEnumType(RecurringDocumentType, { name: 'RecurringDocumentType' });

export enum RecurringUnit {
  DAY = 'DAY',
  WEEK = 'WEEK',
  MONTH = 'MONTH',
  YEAR = 'YEAR',
}
registerEnumType(RecurringUnit, { name: 'RecurringUnit' });

@ObjectType('RecurringSeriesItem', { description: 'A template item; its name may hold {{period.*}} placeholders' })
export class RecurringSeriesItemType {
  @Field() name!: string;
  @Field(() => Decimal) quantity!: string;
  @Field() unit!: string;
  @Field(() => Decimal) unitPrice!: string;
  @Field(() => Decimal, { description: 'Percent' }) vatRate!: string;
  @Field() priceIncludesVat!: boolean;
}

@ObjectType('RecurringSeries', { description: 'A document template on a schedule (REST /recurring-series)' })
export class RecurringSeriesType {
  @Field(() => ID) id!: string;
  @Field() name!: string;
  @Field(() => RecurringDocumentType) documentType!: RecurringDocumentType;
  @Field(() => ID) contactId!: string;
  @Field() currency!: string;
  @Field(() => [RecurringSeriesItemType]) items!: RecurringSeriesItemType[];
  @Field(() => String, { nullable: true }) note!: string | null;
  @Field(() => [String]) tags!: string[];
  @Field(() => Int) dueInDays!: number;
  @Field(() => String, { nullable: true, description: "cs, en or de; null: the contact's, else the company's" })
  language!: string | null;
  @Field({ description: 'The first issue date, a Czech day YYYY-MM-DD' }) startDate!: string;
  @Field(() => RecurringUnit) unit!: RecurringUnit;
  @Field(() => Int) every!: number;
  @Field() lastDayOfMonth!: boolean;
  @Field(() => String, { nullable: true }) endDate!: string | null;
  @Field(() => Int, { nullable: true }) count!: number | null;
  @Field() issueAndSend!: boolean;
  @Field(() => RecurringSeriesStatus) status!: RecurringSeriesStatus;
  @Field(() => String, { nullable: true, description: 'The next issue date; null once ENDED' }) nextDate!:
    string | null;
  @Field(() => String, { nullable: true }) lastOccurrenceDate!: string | null;
  @Field(() => String, { nullable: true, description: 'Why the last generation failed; null once one succeeds' })
  lastError!: string | null;
  @Field() createdAt!: string;
  @Field() updatedAt!: string;
}

export const RecurringSeriesConnection = Connection(RecurringSeriesType, 'RecurringSeries');

@ObjectType('RecurringSeriesPreview')
export class RecurringSeriesPreviewType {
  @Field(() => [String], { description: 'The next issue dates (at most 12); empty once ENDED' }) dates!: string[];
}

@ObjectType('RecurringOccurrence', { description: 'One generated occurrence of a series' })
export class RecurringOccurrenceType {
  @Field(() => Int) index!: number;
  @Field({ description: 'Its issue date, a Czech day' }) date!: string;
  @Field(() => ID, { nullable: true, description: 'null while its transaction is under way' })
  documentId!: string | null;
}

@ObjectType('RecurringOccurrencePage')
export class RecurringOccurrencePage {
  @Field(() => [RecurringOccurrenceType], { description: 'Newest first' }) data!: RecurringOccurrenceType[];
}

@ArgsType()
export class RecurringSeriesListArgs extends ListArgs {
  @Field(() => RecurringSeriesStatus, { nullable: true }) status?: RecurringSeriesStatus;
}

@ArgsType()
export class RecurringDocumentsArgs {
  @Field(() => ID) id!: string;
  @Field(() => Int, { nullable: true, description: 'At most 100; default 50' }) limit?: number;
  @Field(() => String, { nullable: true, description: 'Only occurrences dated before this Czech day' })
  before?: string;
}

@InputType({ description: 'A schedule not saved yet; as POST /recurring-series/schedule-preview' })
export class RecurringScheduleInput {
  @Field({ description: 'The first issue date, a Czech day YYYY-MM-DD' }) startDate!: string;
  @Field(() => RecurringUnit) unit!: RecurringUnit;
  @Field(() => Int, { nullable: true, description: 'Every N units; default 1' }) every?: number;
  @Field({ nullable: true }) lastDayOfMonth?: boolean;
  @Field(() => String, { nullable: true }) endDate?: string | null;
  @Field(() => Int, { nullable: true }) count?: number | null;
}

@InputType({ description: 'The whole series (update replaces it); as POST /recurring-series' })
export class RecurringSeriesInput {
  @Field() name!: string;
  @Field(() => RecurringDocumentType) documentType!: RecurringDocumentType;
  @Field(() => ID) contactId!: string;
  @Field({ nullable: true, description: 'Default CZK' }) currency?: string;
  @Field(() => [DocumentItemInput], {
    description: 'Names may hold {{period.month}}, {{period.year}}, {{period.from}}, {{period.to}}',
  })
  items!: DocumentItemInput[];
  @Field(() => String, { nullable: true }) note?: string | null;
  @Field(() => [String], { nullable: true }) tags?: string[];
  @Field(() => Int, { nullable: true, description: 'Due date = issue date + N days; default 14' }) dueInDays?: number;
  @Field(() => String, { nullable: true }) language?: string | null;
  @Field() startDate!: string;
  @Field(() => RecurringUnit) unit!: RecurringUnit;
  @Field(() => Int, { nullable: true, description: 'Every N units; default 1' }) every?: number;
  @Field({ nullable: true }) lastDayOfMonth?: boolean;
  @Field(() => String, { nullable: true }) endDate?: string | null;
  @Field(() => Int, { nullable: true }) count?: number | null;
  @Field({ nullable: true, description: 'true: issue and e-mail each document; false (default): leave a draft' })
  issueAndSend?: boolean;
}
