import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * One event, written in the same transaction as the change that caused it. The table's `tx_id`
 * column (the writing transaction, a database default) orders dispatch; see OutboxDispatcher.
 */
@Entity({ tableName: 'event_outbox' })
export class OutboxEvent {
  @PrimaryKey({ type: 'bigint', autoincrement: true })
  seq!: string;

  @Property({ type: 'text' })
  event!: string;

  @Property({ type: 'uuid' })
  organizationId!: string;

  @Property({ type: 'jsonb' })
  data!: Record<string, unknown>;

  @Property({ type: 'timestamptz' })
  createdAt!: Date;
}
