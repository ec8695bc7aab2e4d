import { Migration } from '@mikro-orm/migrations';

/**
 * A document's history names who changed it: a person (user_id), a register (pos_device_id, from
 * Migration0008Pos) or neither (a payment, an automation, the system). Every status change is kept.
 */
export class Migration0014DocumentHistory extends Migration {
  override up(): void {
    this.addSql(`ALTER TABLE document_history ADD COLUMN user_id uuid`);
  }

  override down(): void {
    this.addSql(`ALTER TABLE document_history DROP COLUMN user_id`);
  }
}
