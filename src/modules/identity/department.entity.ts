import { Entity, Property } from '@mikro-orm/core';
import { OrganizationRecord } from './organization-record.entity';

@Entity({ tableName: 'departments' })
export class Department extends OrganizationRecord {
  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'timestamptz' })
  createdAt!: Date;
}
