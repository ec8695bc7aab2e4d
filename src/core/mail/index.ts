import type { Logger } from 'pino';
import type { Config } from '../../config';
import type { Clock } from '../clock';
import type { Orm } from '../db/orm';
import type { Metrics } from '../observability/metrics';
import { MailQueue } from './mail-queue';
import { SmtpMailer } from './smtp-mailer';
import { StoredMailer } from './stored-mailer';

export type { MailAttachment, MailMessage, Mailer } from './mailer';
export type { ClaimedEmail, DeliveryOutcome, EmailKind, MailQueue, NewEmail, SentEmail } from './mail-queue';

/** The queue of every e-mail, sending through SMTP_URL or, without it, keeping them in outbound_email. */
export function createMailQueue(config: Config, orm: Orm, clock: Clock, logger: Logger, metrics: Metrics): MailQueue {
  const log = logger.child({ component: 'mail' });
  const transport = config.SMTP_URL
    ? new SmtpMailer(
        config.SMTP_URL,
        {
          connectionMs: config.MAIL_CONNECTION_TIMEOUT_MS,
          greetingMs: config.MAIL_GREETING_TIMEOUT_MS,
          socketMs: config.MAIL_SOCKET_TIMEOUT_MS,
        },
        log,
      )
    : new StoredMailer(log);
  return new MailQueue(orm, clock, transport, log, metrics, {
    from: config.MAIL_FROM,
    maxAttempts: config.MAIL_MAX_ATTEMPTS,
    baseSeconds: config.MAIL_RETRY_BASE_SECONDS,
    maxSeconds: config.MAIL_RETRY_MAX_SECONDS,
  });
}
