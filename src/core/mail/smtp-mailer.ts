import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { Mailer, OutgoingMail } from './mailer';

/** How long an SMTP exchange may wait, in milliseconds (MAIL_*_TIMEOUT_MS; nodemailer's own defaults are minutes). */
export interface SmtpTimeouts {
  /** For the TCP (and TLS) connection to be made. */
  connectionMs: number;
  /** For the server's greeting once connected. */
  greetingMs: number;
  /** For any answer on the open connection. */
  socketMs: number;
}

/** Real delivery through SMTP_URL (nodemailer). The URL may carry credentials, so it is never logged. */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    timeouts: SmtpTimeouts,
    private readonly log: Logger,
  ) {
    this.transport = nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: timeouts.connectionMs,
      greetingTimeout: timeouts.greetingMs,
      socketTimeout: timeouts.socketMs,
    });
  }

  async send(mail: OutgoingMail): Promise<{ messageId: string | null }> {
    const info = await this.transport.sendMail({
      from: mail.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      attachments: mail.attachments,
    });
    this.log.info({ emailId: mail.id, messageId: info.messageId, to: mail.to, subject: mail.subject }, 'e-mail sent');
    return { messageId: info.messageId ?? null };
  }
}
