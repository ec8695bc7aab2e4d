import { Entity, ManyToOne, Property } from '@mikro-orm/core';
import { OrganizationIdRecord } from '../identity/identity.module';
import { Cost } from './cost.entity';

/** A file kept with a cost (Migration0039CostAttachments): the imported e-invoice, byte for byte. */
@Entity({ tableName: 'cost_attachments' })
export class CostAttachment extends OrganizationIdRecord {
  /** The cost's id (a relation only so the cost is inserted first). */
  @ManyToOne(() => Cost, { fieldName: 'cost_id', mapToPk: true })
  costId!: string;

  @Property({ type: 'text' })
  filename!: string;

  @Property({ type: 'text' })
  contentType!: string;

  @Property({ type: 'integer' })
  size!: number;

  /** Lazy: lists and records show the metadata only; the download loads the bytes. */
  @Property({ type: 'blob', lazy: true })
  content!: Buffer;

  @Property({ type: 'timestamptz' })
  createdAt!: Date;
}
