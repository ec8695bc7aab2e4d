import { ArgsType, Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Connection, PageArgs } from '../../core/graphql/connection';

export enum ExportStatusType {
  QUEUED = 'QUEUED',
  RUNNING = 'RUNNING',
  DONE = 'DONE',
  FAILED = 'FAILED',
}
registerEnumType(ExportStatusType, { name: 'ExportStatus' });

@ObjectType('ExportProgress')
export class ExportProgressType {
  @Field(() => Int) done!: number;
  @Field(() => Int, { nullable: true, description: 'null until the job has counted the rows' }) total!: number | null;
}

@ObjectType('ExportFilter', { description: 'A query parameter of the resource’s list' })
export class ExportFilterType {
  @Field() name!: string;
  @Field() value!: string;
}

@ObjectType('Export', { description: 'A bulk export of a list (REST /exports)' })
export class ExportType {
  @Field(() => ID) id!: string;
  @Field({ description: 'documents, costs, payments, contacts or products' }) resource!: string;
  @Field({ description: 'csv, xlsx, isdoc-zip or pdf-zip' }) format!: string;
  @Field(() => ExportStatusType) status!: ExportStatusType;
  @Field(() => ExportProgressType) progress!: ExportProgressType;
  @Field(() => [String]) columns!: string[];
  @Field(() => [ExportFilterType]) filters!: ExportFilterType[];
  @Field() separator!: string;
  @Field() decimalComma!: boolean;
  @Field(() => Number, { nullable: true }) sizeBytes!: number | null;
  @Field(() => String, { nullable: true }) error!: string | null;
  @Field() createdAt!: string;
  @Field(() => String, { nullable: true }) startedAt!: string | null;
  @Field(() => String, { nullable: true }) finishedAt!: string | null;
  @Field(() => String, { nullable: true, description: 'When DONE: works without a credential until downloadExpiresAt' })
  downloadUrl!: string | null;
  @Field(() => String, { nullable: true }) downloadExpiresAt!: string | null;
}

export const ExportConnection = Connection(ExportType, 'Export');

@ObjectType('ExportCreated')
export class ExportCreatedType {
  @Field(() => ID) id!: string;
  @Field(() => ExportStatusType) status!: ExportStatusType;
}

@InputType('ExportFilterInput')
export class ExportFilterInput {
  @Field({ description: 'A query parameter of the resource’s list (type, status, from, search, ...)' }) name!: string;
  @Field({ description: 'Its value as the query string gives it' }) value!: string;
}

@InputType({ description: 'As POST /exports' })
export class CreateExportInput {
  @Field() resource!: string;
  @Field() format!: string;
  @Field(() => [ExportFilterInput], { nullable: true }) filters?: ExportFilterInput[];
  @Field(() => [String], { nullable: true }) columns?: string[];
  @Field({ nullable: true, description: 'CSV: , (default) or ;' }) separator?: string;
  @Field({ nullable: true, description: 'CSV: numbers with a decimal comma' }) decimalComma?: boolean;
}

@ArgsType()
export class ExportListArgs extends PageArgs {
  @Field(() => ExportStatusType, { nullable: true }) status?: ExportStatusType;
}
