import { Entity, Property } from '@mikro-orm/core';
import type { DocumentLanguage } from '../../core/languages';
import type { z } from '../../core/validation';
import type { itemInput } from '../documents/documents.module';
import { OrganizationIdRecord } from '../identity/identity.module';
import type { ScheduleUnit } from './schedule';

export const SERIES_STATUSES = ['ACTIVE', 'PAUSED', 'ENDED'] as const;
export type SeriesStatus = (typeof SERIES_STATUSES)[number];
export const SERIES_DOCUMENT_TYPES = ['INVOICE', 'PROFORMA'] as const;
export type SeriesDocumentType = (typeof SERIES_DOCUMENT_TYPES)[number];

/** A template item as the series keeps it (the documents module's item input, validated). */
export type SeriesItem = z.infer<typeof itemInput>;

/** A recurring series: a document template, a schedule on Czech days, and where the series is. */
@Entity({ tableName: 'recurring_series' })
export class RecurringSeries extends OrganizationIdRecord {
  @Property({ type: 'text' }) name!: string;
  @Property({ type: 'text' }) documentType!: SeriesDocumentType;
  @Property({ type: 'uuid' }) contactId!: string;
  @Property({ type: 'text' }) currency!: string;
  @Property({ type: 'jsonb' }) items!: SeriesItem[];
  @Property({ type: 'text', nullable: true }) note: string | null = null;
  @Property({ type: 'jsonb' }) tags: string[] = [];
  @Property({ type: 'integer' }) dueInDays!: number;
  @Property({ type: 'text', nullable: true }) language: DocumentLanguage | null = null;
  @Property({ type: 'string', columnType: 'date' }) startDate!: string;
  @Property({ type: 'text' }) unit!: ScheduleUnit;
  @Property({ type: 'integer' }) every!: number;
  @Property({ type: 'boolean' }) lastDayOfMonth = false;
  @Property({ type: 'string', columnType: 'date', nullable: true }) endDate: string | null = null;
  @Property({ type: 'integer', nullable: true }) count: number | null = null;
  /** true: each document is issued and e-mailed to the contact; false: left a draft. */
  @Property({ type: 'boolean' }) issueAndSend = false;
  @Property({ type: 'text' }) status!: SeriesStatus;
  /** The 0-based index of the next occurrence to generate. */
  @Property({ type: 'integer' }) nextIndex = 0;
  /** Its Czech day; null once the series has ENDED. */
  @Property({ type: 'string', columnType: 'date', nullable: true }) nextDate: string | null = null;
  @Property({ type: 'string', columnType: 'date', nullable: true }) lastOccurrenceDate: string | null = null;
  /** Why the last generation failed (the series is retried on the next run); null once one succeeds. */
  @Property({ type: 'text', nullable: true }) lastError: string | null = null;
  @Property({ type: 'timestamptz' }) createdAt!: Date;
  @Property({ type: 'timestamptz' }) updatedAt!: Date;
}
