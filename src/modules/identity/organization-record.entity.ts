import { ManyToOne, PrimaryKey, Property } from '@mikro-orm/core';
import { Organization } from './organization.entity';

/**
 * What a record a company owns starts with: its uuid and the organization (`organization_id`). Base
 * classes with no table of their own; the entities that extend them keep their tables and columns.
 */
export abstract class OrganizationRecord {
  @PrimaryKey({ type: 'uuid' })
  id!: string;

  @ManyToOne(() => Organization)
  organization!: Organization;
}

/** The same for records that keep the organization as a plain id, never loading it. */
export abstract class OrganizationIdRecord {
  @PrimaryKey({ type: 'uuid' })
  id!: string;

  @Property({ type: 'uuid' })
  organizationId!: string;
}
