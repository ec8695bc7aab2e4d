import { Entity, ManyToOne, PrimaryKey, Property } from '@mikro-orm/core';
import type { Scope } from '../../core/access';
import { OAuthApplication } from './oauth-application.entity';
import { OAuthConsent } from './oauth-consent.entity';

/**
 * One access/refresh pair. Rotating the refresh token sets `rotated_at`, which kills both halves at
 * once: the verifier only accepts access tokens of unrotated pairs.
 */
@Entity({ tableName: 'oauth_tokens' })
export class OAuthTokenPair {
  @PrimaryKey({ type: 'uuid' })
  id!: string;

  @ManyToOne(() => OAuthConsent)
  consent!: OAuthConsent;

  @ManyToOne(() => OAuthApplication)
  application!: OAuthApplication;

  @Property({ type: 'text', hidden: true })
  accessHash!: string;

  @Property({ type: 'text', hidden: true })
  refreshHash!: string;

  @Property({ type: 'jsonb' })
  scopes!: Scope[];

  @Property({ type: 'timestamptz' })
  accessExpiresAt!: Date;

  @Property({ type: 'timestamptz' })
  refreshExpiresAt!: Date;

  @Property({ type: 'timestamptz', nullable: true })
  rotatedAt: Date | null = null;

  @Property({ type: 'timestamptz' })
  createdAt!: Date;
}
