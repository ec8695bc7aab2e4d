import { Entity, Property } from '@mikro-orm/core';
import { OrganizationRecord } from '../identity/identity.module';

/** A cash register of one company. Its token exists in plain text only in the create and rotate answers. */
@Entity({ tableName: 'pos_devices' })
export class PosDevice extends OrganizationRecord {
  @Property({ type: 'text' })
  name!: string;

  /** A label for people (a register code); the API never reads or compares it. */
  @Property({ type: 'text' })
  prefix!: string;

  /** SHA-256 of the current token, hex; rotating replaces it, so the old token is dead at once. */
  @Property({ type: 'text', hidden: true })
  tokenHash!: string;

  @Property({ type: 'uuid', nullable: true })
  createdByUserId: string | null = null;

  @Property({ type: 'timestamptz' })
  createdAt!: Date;

  @Property({ type: 'timestamptz', nullable: true })
  revokedAt: Date | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  lastUsedAt: Date | null = null;
}
