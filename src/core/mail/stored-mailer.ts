import type { Logger } from 'pino';
import type { Mailer, OutgoingMail } from './mailer';

/**
 * Without SMTP_URL (DESIGN 2) messages stay in the outbound_email table, where the queue wrote them,
 * and are logged. The log names recipient and subject only: bodies carry public document links,
 * which grant access.
 */
export class StoredMailer implements Mailer {
  constructor(private readonly log: Logger) {}

  send(mail: OutgoingMail): Promise<{ messageId: null }> {
    const attachments = mail.attachments?.map((a) => a.filename);
    this.log.info(
      { emailId: mail.id, to: mail.to, subject: mail.subject, attachments },
      'e-mail kept in outbound_email (no SMTP_URL)',
    );
    return Promise.resolve({ messageId: null });
  }
}
