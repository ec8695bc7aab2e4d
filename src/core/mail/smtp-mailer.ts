import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { MailMessage, Mailer } from './mailer';

/** Real delivery through SMTP_URL (nodemailer). The URL may carry credentials, so it is never logged. */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
    private readonly log: Logger,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send(message: MailMessage): Promise<void> {
    const info = await this.transport.sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      attachments: message.attachments,
    });
    this.log.info({ messageId: info.messageId, to: message.to, subject: message.subject }, 'e-mail sent');
  }
}
