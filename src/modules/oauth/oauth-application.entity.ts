import { Entity, Property } from '@mikro-orm/core';
import type { Scope } from '../../core/access';
import { OrganizationRecord } from '../identity/identity.module';

/** A third-party application registered by a company, its organization, which manages it (SPEC 2.1). */
@Entity({ tableName: 'oauth_applications' })
export class OAuthApplication extends OrganizationRecord {
  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'text' })
  description!: string;

  @Property({ type: 'text' })
  clientId!: string;

  /** argon2id of the secret; null for public clients. */
  @Property({ type: 'text', nullable: true, hidden: true })
  clientSecretHash: string | null = null;

  @Property({ type: 'jsonb' })
  redirectUris!: string[];

  @Property({ type: 'jsonb' })
  scopes!: Scope[];

  @Property({ type: 'boolean' })
  confidential!: boolean;

  @Property({ type: 'boolean' })
  disabled: boolean = false;

  @Property({ type: 'uuid', nullable: true })
  createdByUserId: string | null = null;

  @Property({ type: 'timestamptz' })
  createdAt!: Date;

  @Property({ type: 'timestamptz' })
  updatedAt!: Date;
}
