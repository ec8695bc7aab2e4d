import { Entity, Property } from '@mikro-orm/core';
import { OrganizationIdRecord } from '../identity/identity.module';

/** An internal notification for the people and integrations of a company (DESIGN 5). */
@Entity({ tableName: 'notifications' })
export class Notification extends OrganizationIdRecord {
  @Property({ type: 'text' })
  type!: string;

  @Property({ type: 'text' })
  title!: string;

  @Property({ type: 'text' })
  message!: string;

  @Property({ type: 'uuid', nullable: true })
  automationId: string | null = null;

  @Property({ type: 'uuid', nullable: true })
  documentId: string | null = null;

  @Property({ type: 'uuid', nullable: true })
  webhookId: string | null = null;

  @Property({ type: 'boolean' })
  read: boolean = false;

  @Property({ type: 'timestamptz' })
  createdAt!: Date;
}
