import { Entity, Property } from '@mikro-orm/core';
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

  @Property({ type: 'uuid', nullable: true })
  createdByUserId: string | null = null;

  @Property({ type: 'timestamptz' })
  createdAt!: Date;
}
