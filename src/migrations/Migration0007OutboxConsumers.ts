import { Migration } from '@mikro-orm/migrations';

/**
 * One position per outbox consumer instead of one dispatched_at per event (OutboxDispatcher).
 *
 * Events are dispatched in (tx_id, seq) order, tx_id being the transaction that wrote the event:
 * a bigserial seq is taken at insert, not at commit, so a reader that advanced a seq position past
 * a still-open transaction's event would skip it. Every event whose tx_id is below the oldest
 * running transaction (pg_snapshot_xmin) is final, and such events form a prefix of that order.
 */
export class Migration0007OutboxConsumers extends Migration {
  override up(): void {
    // Existing rows get this migration's transaction id: they keep their seq order among themselves.
    this.addSql(`ALTER TABLE event_outbox ADD COLUMN tx_id xid8 NOT NULL DEFAULT pg_current_xact_id()`);
    this.addSql(`CREATE INDEX event_outbox_dispatch_idx ON event_outbox (tx_id, seq)`);
    this.addSql(`DROP INDEX event_outbox_pending_idx`);
    this.addSql(`ALTER TABLE event_outbox DROP COLUMN dispatched_at`);
    // A consumer's row is also its lock: the worker holding it (FOR UPDATE SKIP LOCKED) is the only
    // one handing events to that consumer, so no event reaches one consumer twice in normal operation.
    this.addSql(`CREATE TABLE outbox_consumers (
      name text PRIMARY KEY,
      position_tx xid8 NOT NULL,
      position_seq bigint NOT NULL,
      registered_at timestamptz NOT NULL
    )`);
    // Events behind a consumer's position that it has not yet succeeded on: failed ones waiting for
    // their next attempt, later events of the same organization queued behind them, parked ones.
    this.addSql(`CREATE TABLE outbox_deliveries (
      consumer text NOT NULL REFERENCES outbox_consumers(name),
      seq bigint NOT NULL REFERENCES event_outbox(seq),
      tx_id xid8 NOT NULL,
      organization_id uuid NOT NULL,
      attempts integer NOT NULL,
      next_attempt_at timestamptz NOT NULL,
      last_attempt_at timestamptz,
      last_error text,
      parked_at timestamptz,
      PRIMARY KEY (consumer, seq)
    )`);
    this.addSql(
      `CREATE INDEX outbox_deliveries_queue_idx ON outbox_deliveries (consumer, organization_id, tx_id, seq) WHERE parked_at IS NULL`,
    );
    this.addSql(
      `CREATE INDEX outbox_deliveries_parked_idx ON outbox_deliveries (consumer, seq) WHERE parked_at IS NOT NULL`,
    );
  }
}
