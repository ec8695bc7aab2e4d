import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/** A company's webhook endpoint (SPEC 2.8). The secret signs deliveries and leaves only in the create answer. */
@Entity({ tableName: 'webhook_endpoints' })
export class WebhookEndpoint {
  @PrimaryKey({ type: 'uuid' })
  id!: string;

  @Property({ type: 'uuid' })
  organizationId!: string;

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'text' })
  url!: string;

  /** Any strings (SPEC 2.8); an event is delivered when its name is listed. */
  @Property({ type: 'jsonb' })
  events!: string[];

  @Property({ type: 'boolean' })
  isActive!: boolean;

  /**
   * The secret (64 hex characters; the HMAC key is that string itself, SPEC 5.4) sealed by the
   * SecretBox for WEBHOOK_SECRET_PURPOSE: a database dump does not hold it. Hidden from serialization.
   */
  @Property({ type: 'text', hidden: true, lazy: false })
  secret!: string;

  @Property({ type: 'timestamptz' })
  createdAt!: Date;

  @Property({ type: 'timestamptz' })
  updatedAt!: Date;
}
