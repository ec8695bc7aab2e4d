import { Entity, Property, type Opt } from '@mikro-orm/core';
import { OrganizationIdRecord } from '../identity/identity.module';
import type { ExtractedFields } from './extraction';
import type { ExtractionMethod, InboxSource, InboxStatus } from './inbox.types';

/** One received file of the costs inbox and where its extraction is (Migration0048InboxItems); the bytes are in inbox_item_files. */
@Entity({ tableName: 'inbox_items' })
export class InboxItem extends OrganizationIdRecord {
  @Property({ type: 'text' }) source!: InboxSource;
  @Property({ type: 'uuid', nullable: true }) createdByUserId: string | null = null;
  @Property({ type: 'text' }) status!: InboxStatus;
  @Property({ type: 'text' }) filename!: string;
  @Property({ type: 'text' }) contentType!: string;
  @Property({ type: 'integer' }) size!: number;
  @Property({ type: 'integer', nullable: true }) pages: number | null = null;
  @Property({ type: 'text', nullable: true }) method: ExtractionMethod | null = null;
  @Property({ type: 'text', nullable: true }) engine: string | null = null;
  @Property({ type: 'text', nullable: true }) failureReason: string | null = null;
  @Property({ type: 'jsonb', nullable: true }) fields: ExtractedFields | null = null;
  @Property({ type: 'uuid', nullable: true }) supplierContactId: string | null = null;
  @Property({ type: 'uuid', nullable: true }) duplicateCostId: string | null = null;
  @Property({ type: 'uuid', nullable: true }) costId: string | null = null;
  @Property({ type: 'integer' }) attempts: Opt<number> = 0;
  @Property({ type: 'timestamptz', nullable: true }) claimedAt: Date | null = null;
  @Property({ type: 'timestamptz' }) createdAt!: Date;
  @Property({ type: 'timestamptz' }) updatedAt!: Date;
  @Property({ type: 'timestamptz', nullable: true }) processedAt: Date | null = null;
  @Property({ type: 'timestamptz', nullable: true }) confirmedAt: Date | null = null;
}
