import { Migration } from '@mikro-orm/migrations';

/**
 * The language a person chose for the web app (issue 30 point 1), the identity module: cs or en;
 * null until the person chooses, when the company's default applies (Czech for a company in CZ).
 */
export class Migration0050PersonLanguage extends Migration {
  override up(): void {
    this.addSql(`ALTER TABLE users ADD COLUMN language text CHECK (language IN ('cs', 'en'))`);
  }

  override down(): void {
    this.addSql(`ALTER TABLE users DROP COLUMN language`);
  }
}
