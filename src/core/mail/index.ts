import type { Logger } from 'pino';
import type { Config } from '../../config';
import type { Clock } from '../clock';
import type { Orm } from '../db/orm';
import type { Mailer } from './mailer';
import { SmtpMailer } from './smtp-mailer';
import { StoredMailer } from './stored-mailer';

export type { MailAttachment, MailMessage, Mailer } from './mailer';

export function createMailer(config: Config, orm: Orm, clock: Clock, logger: Logger): Mailer {
  const log = logger.child({ component: 'mail' });
  return config.SMTP_URL
    ? new SmtpMailer(config.SMTP_URL, config.MAIL_FROM, log)
    : new StoredMailer(orm, clock, config.MAIL_FROM, log);
}
