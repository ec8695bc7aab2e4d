import { Entity, ManyToOne, PrimaryKey, Property } from '@mikro-orm/core';
import type { Scope } from '../../core/access';
import { OAuthApplication } from './oauth-application.entity';
import { OAuthConsent } from './oauth-consent.entity';

export type PkceMethod = 'S256' | 'plain';

/** An authorization code: 10 minutes, single use (used_at set by one conditional UPDATE). */
@Entity({ tableName: 'oauth_codes' })
export class OAuthCode {
  @PrimaryKey({ type: 'uuid' })
  id!: string;

  @Property({ type: 'text', hidden: true })
  codeHash!: string;

  @ManyToOne(() => OAuthConsent)
  consent!: OAuthConsent;

  @ManyToOne(() => OAuthApplication)
  application!: OAuthApplication;

  @Property({ type: 'text' })
  redirectUri!: string;

  @Property({ type: 'jsonb' })
  scopes!: Scope[];

  @Property({ type: 'text', nullable: true })
  codeChallenge: string | null = null;

  @Property({ type: 'text', nullable: true })
  codeChallengeMethod: PkceMethod | null = null;

  @Property({ type: 'timestamptz' })
  expiresAt!: Date;

  @Property({ type: 'timestamptz', nullable: true })
  usedAt: Date | null = null;

  @Property({ type: 'timestamptz' })
  createdAt!: Date;
}
