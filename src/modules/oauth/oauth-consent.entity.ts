import { Entity, ManyToOne, PrimaryKey, Property } from '@mikro-orm/core';
import type { Scope } from '../../core/access';
import { Organization, User } from '../identity/identity.module';
import { OAuthApplication } from './oauth-application.entity';

/**
 * What a user approved for an application in one organization. At most one is active per
 * (application, user, organization); revoking it ends every code and token issued under it.
 */
@Entity({ tableName: 'oauth_consents' })
export class OAuthConsent {
  @PrimaryKey({ type: 'uuid' })
  id!: string;

  @ManyToOne(() => OAuthApplication)
  application!: OAuthApplication;

  @ManyToOne(() => User)
  user!: User;

  @ManyToOne(() => Organization)
  organization!: Organization;

  @Property({ type: 'jsonb' })
  scopes!: Scope[];

  @Property({ type: 'timestamptz' })
  createdAt!: Date;

  @Property({ type: 'timestamptz' })
  updatedAt!: Date;

  @Property({ type: 'timestamptz', nullable: true })
  revokedAt: Date | null = null;
}
