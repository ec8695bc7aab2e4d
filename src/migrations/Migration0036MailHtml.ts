import { Migration } from '@mikro-orm/migrations';

/**
 * E-mails with an HTML alternative (issue 26 point 5): outbound_email keeps the HTML body beside the
 * text one (null: a text-only e-mail). Inline images travel as attachments with a Content-ID.
 */
export class Migration0036MailHtml extends Migration {
  override up(): void {
    this.addSql(`ALTER TABLE outbound_email ADD COLUMN html text`);
  }

  override down(): void {
    this.addSql(`ALTER TABLE outbound_email DROP COLUMN html`);
  }
}
