import { Entity, PrimaryKey, PrimaryKeyProp, Property } from '@mikro-orm/core';

/** Idempotency keys are scoped per (device, operation) (DESIGN 4); batch entries share 'issue'. */
export type PosOperation = 'issue' | 'cancel' | 'credit-note';

/**
 * A register's Idempotency-Key bound to the document its operation wrote (or cancelled). Written in
 * the transaction of the operation, so a failed operation binds nothing; never changed afterwards.
 */
@Entity({ tableName: 'pos_idempotency_keys' })
export class PosIdempotencyKey {
  [PrimaryKeyProp]?: ['deviceId', 'operation', 'key'];

  @PrimaryKey({ type: 'uuid' })
  deviceId!: string;

  @PrimaryKey({ type: 'text' })
  operation!: PosOperation;

  @PrimaryKey({ type: 'text' })
  key!: string;

  @Property({ type: 'uuid' })
  organizationId!: string;

  /** The foreign key is deferred (Migration0008Pos): the key may be written before its document. */
  @Property({ type: 'uuid' })
  documentId!: string;

  @Property({ type: 'timestamptz' })
  createdAt!: Date;
}
