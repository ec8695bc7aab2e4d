import { Migration } from '@mikro-orm/migrations';

/**
 * outbound_email becomes the queue of every e-mail (issue 24 point 2): a row is written in the
 * transaction of the change that causes the e-mail and sent afterwards, once, by a worker (or by the
 * request that wrote it: send-email). Rows from before were stored without SMTP, so they count as SENT.
 * `context` is what the kind's on-sent hook needs (send-email: the document and the user);
 * `attachments` the files as they were when the e-mail was asked for (base64 in jsonb).
 */
export class Migration0022MailQueue extends Migration {
  override up(): void {
    this.addSql(`ALTER TABLE outbound_email
      ADD COLUMN organization_id uuid,
      ADD COLUMN kind text NOT NULL DEFAULT 'plain',
      ADD COLUMN context jsonb NOT NULL DEFAULT '{}',
      ADD COLUMN attachments jsonb NOT NULL DEFAULT '[]',
      ADD COLUMN state text NOT NULL DEFAULT 'SENT' CHECK (state IN ('PENDING', 'SENDING', 'SENT', 'FAILED')),
      ADD COLUMN attempts integer NOT NULL DEFAULT 0,
      ADD COLUMN max_attempts integer NOT NULL DEFAULT 1,
      ADD COLUMN next_attempt_at timestamptz,
      ADD COLUMN claimed_until timestamptz,
      ADD COLUMN last_error text,
      ADD COLUMN sent_at timestamptz,
      ADD COLUMN message_id text`);
    this.addSql(`UPDATE outbound_email SET sent_at = created_at`);
    this.addSql(`ALTER TABLE outbound_email ALTER COLUMN kind DROP DEFAULT, ALTER COLUMN state DROP DEFAULT`);
    this.addSql(`CREATE INDEX outbound_email_due_idx ON outbound_email (next_attempt_at) WHERE state = 'PENDING'`);
    this.addSql(`CREATE INDEX outbound_email_claimed_idx ON outbound_email (claimed_until) WHERE state = 'SENDING'`);
  }

  override down(): void {
    this.addSql(`DROP INDEX outbound_email_due_idx`);
    this.addSql(`DROP INDEX outbound_email_claimed_idx`);
    this.addSql(`ALTER TABLE outbound_email
      DROP COLUMN organization_id, DROP COLUMN kind, DROP COLUMN context, DROP COLUMN attachments,
      DROP COLUMN state, DROP COLUMN attempts, DROP COLUMN max_attempts, DROP COLUMN next_attempt_at,
      DROP COLUMN claimed_until, DROP COLUMN last_error, DROP COLUMN sent_at, DROP COLUMN message_id`);
  }
}
