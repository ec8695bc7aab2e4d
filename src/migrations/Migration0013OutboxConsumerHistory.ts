import { Migration } from '@mikro-orm/migrations';

/**
 * A consumer's registration keeps the snapshot it was registered in. Its position starts at that
 * snapshot's xmin, and the xmin is cluster-wide: any older transaction still open (in any database of
 * the server) holds it back, so events committed before the registration could sit above it. The
 * dispatcher skips events whose transaction is visible in the registration snapshot (the history),
 * and forgets the snapshot once the position passes its xmax.
 */
export class Migration0013OutboxConsumerHistory extends Migration {
  override up(): void {
    this.addSql(`ALTER TABLE outbox_consumers ADD COLUMN history pg_snapshot`);
  }

  override down(): void {
    this.addSql(`ALTER TABLE outbox_consumers DROP COLUMN history`);
  }
}
