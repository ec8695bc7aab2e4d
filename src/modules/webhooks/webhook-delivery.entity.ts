import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

export const DELIVERY_STATUSES = ['PENDING', 'DELIVERED', 'FAILED'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** One attempt as the delivery log shows it (DESIGN 5). */
export interface DeliveryAttempt {
  number: number;
  at: string;
  /** null when no HTTP answer came (refused, timed out, connection error). */
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  /** The first 1 KB of the answer's body. */
  responseBody: string | null;
}

/**
 * One event for one endpoint. `id` is the envelope id (X-Faktura-Delivery); `body` holds the exact
 * bytes signed and sent, so a replay sends the very same envelope.
 */
@Entity({ tableName: 'webhook_deliveries' })
export class WebhookDelivery {
  @PrimaryKey({ type: 'uuid' })
  id!: string;

  @Property({ type: 'uuid' })
  organizationId!: string;

  @Property({ type: 'uuid' })
  endpointId!: string;

  @Property({ type: 'text' })
  event!: string;

  @Property({ type: 'text' })
  body!: string;

  @Property({ type: 'text' })
  status!: DeliveryStatus;

  @Property({ type: 'integer' })
  attemptsMade: number = 0;

  @Property({ type: 'jsonb' })
  attempts: DeliveryAttempt[] = [];

  @Property({ type: 'timestamptz', nullable: true })
  nextAttemptAt: Date | null = null;

  /** A sender's claim: until then no other sender takes the delivery (a crashed sender's claim runs out). */
  @Property({ type: 'timestamptz', nullable: true })
  claimedUntil: Date | null = null;

  @Property({ type: 'timestamptz' })
  createdAt!: Date;

  @Property({ type: 'timestamptz' })
  updatedAt!: Date;
}
