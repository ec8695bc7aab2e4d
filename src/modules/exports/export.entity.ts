import { BigIntType, Entity, Property, type Opt } from '@mikro-orm/core';
import { OrganizationIdRecord } from '../identity/identity.module';

export const EXPORT_RESOURCES = ['documents', 'costs', 'payments', 'contacts', 'products'] as const;
export type ExportResource = (typeof EXPORT_RESOURCES)[number];
export const EXPORT_FORMATS = ['csv', 'xlsx', 'isdoc-zip', 'pdf-zip'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const EXPORT_STATUSES = ['QUEUED', 'RUNNING', 'DONE', 'FAILED'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

/** One bulk export of a list: what was asked, for whom, and where its job is (Migration0040). */
@Entity({ tableName: 'exports' })
export class DataExport extends OrganizationIdRecord {
  @Property({ type: 'uuid', nullable: true }) createdByUserId: string | null = null;
  @Property({ type: 'text' }) resource!: ExportResource;
  @Property({ type: 'text' }) format!: ExportFormat;
  /** The list's filters as validated by its query schema. */
  @Property({ type: 'jsonb' }) filters!: Record<string, unknown>;
  /** The column keys, in the file's order. */
  @Property({ type: 'jsonb' }) columns!: string[];
  @Property({ type: 'text' }) separator!: ',' | ';';
  @Property({ type: 'boolean' }) decimalComma!: boolean;
  /** The caller's billing departments when it asked (null: all): what the job reads. */
  @Property({ type: 'jsonb', nullable: true }) departmentIds: string[] | null = null;
  @Property({ type: 'text' }) status!: ExportStatus;
  @Property({ type: 'integer' }) attempts: Opt<number> = 0;
  @Property({ type: 'integer' }) rowsDone: Opt<number> = 0;
  @Property({ type: 'integer', nullable: true }) rowsTotal: number | null = null;
  @Property({ type: new BigIntType('number'), nullable: true }) sizeBytes: number | null = null;
  @Property({ type: 'text', nullable: true }) error: string | null = null;
  @Property({ type: 'timestamptz', nullable: true }) heartbeatAt: Date | null = null;
  @Property({ type: 'timestamptz' }) createdAt!: Date;
  @Property({ type: 'timestamptz', nullable: true }) startedAt: Date | null = null;
  @Property({ type: 'timestamptz', nullable: true }) finishedAt: Date | null = null;
}
