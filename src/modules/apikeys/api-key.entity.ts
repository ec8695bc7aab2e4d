import { Entity, Property } from '@mikro-orm/core';
import type { Permissions } from '../../core/access';
import { OrganizationRecord } from '../identity/identity.module';

@Entity({ tableName: 'api_keys' })
export class ApiKey extends OrganizationRecord {
  @Property({ type: 'text' })
  name!: string;

  /** SHA-256 of the key, hex. The key itself is never stored. */
  @Property({ type: 'text', hidden: true })
  keyHash!: string;

  /** A redacted copy for display, e.g. fk_3f9a…c21e. */
  @Property({ type: 'text' })
  redacted!: string;

  /** The sections and levels chosen at creation, every section named; null: a key from before Migration0019 (all). */
  @Property({ type: 'jsonb', nullable: true })
  permissions: Permissions | null = null;

  /** Its creator's billing departments at creation; null = all. */
  @Property({ type: 'jsonb', nullable: true })
  departmentIds: string[] | null = null;

  @Property({ type: 'uuid', nullable: true })
  createdByUserId: string | null = null;

  @Property({ type: 'timestamptz' })
  createdAt!: Date;
}
