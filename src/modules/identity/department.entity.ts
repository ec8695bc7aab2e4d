import { Entity, ManyToOne, PrimaryKey, Property } from '@mikro-orm/core';
import { Organization } from './organization.entity';

@Entity({ tableName: 'departments' })
export class Department {
  @PrimaryKey({ type: 'uuid' })
  id!: string;

  @ManyToOne(() => Organization)
  organization!: Organization;

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'timestamptz' })
  createdAt!: Date;
}
