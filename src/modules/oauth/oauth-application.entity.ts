import { Entity, ManyToOne, PrimaryKey, Property } from '@mikro-orm/core';
import type { Scope } from '../../core/access';
import { Organization } from '../identity/organization.entity';

/** A third-party application registered by a company (SPEC 2.1). */
@Entity({ tableName: 'oauth_applications' })
export class OAuthApplication {
  @PrimaryKey({ type: 'uuid' })
  id!: string;

  /** The company that registered (and manages) the application. */
  @ManyToOne(() => Organization)
  organization!: Organization;

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
