import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/** The kinds of credential that configure endpoints (POS device tokens cannot). */
export type EndpointCreatorKind = 'session' | 'apiKey' | 'oauth';

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

  /**
   * The credential that last configured it (created it, or changed it since): deliveries go out only
   * while that credential exists and reads the event (webhooks.queries.ts, FAN_OUT). Null: an
   * endpoint from before Migration0019, which receives what it lists.
   */
  @Property({ type: 'text', nullable: true })
  createdByKind: EndpointCreatorKind | null = null;

  /** The user (session), the API key (apiKey) or the OAuth consent (oauth). */
  @Property({ type: 'uuid', nullable: true })
  createdById: string | null = null;

  /** The person behind a session or an OAuth consent (null for an API key). */
  @Property({ type: 'uuid', nullable: true })
  createdByUserId: string | null = null;

  @Property({ type: 'timestamptz' })
  createdAt!: Date;

  @Property({ type: 'timestamptz' })
  updatedAt!: Date;
}
