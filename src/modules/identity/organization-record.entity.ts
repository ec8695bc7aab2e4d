import { ManyToOne, PrimaryKey } from '@mikro-orm/core';
import { Organization } from './organization.entity';

/**
 * What a record a company owns starts with: its uuid and the organization (`organization_id`). A base
 * class with no table of its own; the entities that extend it keep their tables and columns.
 */
export abstract class OrganizationRecord {
  @PrimaryKey({ type: 'uuid' })
  id!: string;

  @ManyToOne(() => Organization)
  organization!: Organization;
}
