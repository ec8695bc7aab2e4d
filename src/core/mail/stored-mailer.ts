import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Clock } from '../clock';
import { insertOutboundEmail } from '../core.queries';
import type { Orm } from '../db/orm';
import type { MailMessage, Mailer } from './mailer';

/**
 * Without SMTP_URL (DESIGN 2) messages are kept in the outbound_email table and logged. The log
 * names recipient and subject only: bodies carry public document links, which grant access.
 */
export class StoredMailer implements Mailer {
  constructor(
    private readonly orm: Orm,
    private readonly clock: Clock,
    private readonly from: string,
    private readonly log: Logger,
  ) {}

  async send(message: MailMessage): Promise<void> {
    const id = randomUUID();
    await insertOutboundEmail(this.orm.em.fork(), {
      id,
      sender: this.from,
      recipient: message.to,
      subject: message.subject,
      body: message.text,
      createdAt: this.clock.now(),
    });
    // Attachments are not kept (the table has no place for them): the log names them.
    const attachments = message.attachments?.map((a) => a.filename);
    this.log.info(
      { emailId: id, to: message.to, subject: message.subject, attachments },
      'e-mail stored in outbound_email (no SMTP_URL)',
    );
  }
}
