import { Migration } from '@mikro-orm/migrations';

/**
 * Where a cost came from (issue 29 point 4), the costs module: inbox_item_id names the inbox item a
 * cost was confirmed from (null: entered by hand or imported). No foreign key (the inbox is another
 * module and may delete its item); unique, so one item becomes at most one cost even when two
 * confirmations race.
 */
export class Migration0049CostOrigin extends Migration {
  override up(): void {
    this.addSql(`ALTER TABLE costs ADD COLUMN inbox_item_id uuid`);
    this.addSql(`CREATE UNIQUE INDEX costs_inbox_item_unique ON costs (inbox_item_id) WHERE inbox_item_id IS NOT NULL`);
  }

  override down(): void {
    this.addSql(`DROP INDEX costs_inbox_item_unique`);
    this.addSql(`ALTER TABLE costs DROP COLUMN inbox_item_id`);
  }
}
