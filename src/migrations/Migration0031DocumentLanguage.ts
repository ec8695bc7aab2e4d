import { Migration } from '@mikro-orm/migrations';

/**
 * Language per document (issue 25): a contact's language (null: the company's) and a document's,
 * resolved when it is created (given ?? the contact's ?? the company's). A document's null language
 * (documents made before this migration, a register's sale without a contact) prints in the
 * company's current language. The company's language gains German (the column has no constraint).
 */
export class Migration0031DocumentLanguage extends Migration {
  override up(): void {
    this.addSql(`ALTER TABLE contacts ADD COLUMN language text CHECK (language IN ('cs', 'en', 'de'))`);
    this.addSql(`ALTER TABLE documents ADD COLUMN language text CHECK (language IN ('cs', 'en', 'de'))`);
  }

  override down(): void {
    this.addSql(`ALTER TABLE documents DROP COLUMN language`);
    this.addSql(`ALTER TABLE contacts DROP COLUMN language`);
  }
}
