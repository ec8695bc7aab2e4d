import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/** A logged-in person's session (Migration0016Sessions); the token itself is never stored. */
@Entity({ tableName: 'sessions' })
export class Session {
  @PrimaryKey({ type: 'uuid' })
  id!: string;

  @Property({ type: 'uuid' })
  userId!: string;

  /** SHA-256 of the token, hex. */
  @Property({ type: 'text', hidden: true })
  tokenHash!: string;

  @Property({ type: 'timestamptz' })
  createdAt!: Date;

  @Property({ type: 'timestamptz' })
  expiresAt!: Date;

  /** Updated at most once a minute (SESSION_TOUCH_SECONDS), not on every request. */
  @Property({ type: 'timestamptz' })
  lastSeenAt!: Date;

  @Property({ type: 'text' })
  ip!: string;

  @Property({ type: 'text' })
  userAgent!: string;

  @Property({ type: 'timestamptz', nullable: true })
  endedAt: Date | null = null;
}
