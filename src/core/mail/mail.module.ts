import { defineModule } from '../module';
import { Migration0021RetentionIndexes } from '../../migrations/Migration0021RetentionIndexes';
import { Migration0022MailQueue } from '../../migrations/Migration0022MailQueue';
import { Migration0036MailHtml } from '../../migrations/Migration0036MailHtml';
import { daysBefore, retentionJob } from '../retention';
import { MailSender } from './mail-sender';
import { deleteOldEmails } from './mail.queries';

/**
 * E-mail (outbound_email, core's table: created by Migration0005Documents, which the documents
 * manifest lists; made the queue of every e-mail by Migration0022MailQueue). Modules record e-mails
 * through `infra.mail` (MailQueue) in their own transactions and name what happens when one of theirs
 * is sent (ModuleParts.emailKinds). This manifest brings the worker that sends them (its `sender`
 * service: wake it after a commit that recorded e-mails) and the daily retention job deleting sent and
 * failed messages, bodies and attachments included, after RETENTION_EMAILS_DAYS. That a document was
 * sent stays in its own history (document_history, documents module).
 */
export const mailModule = defineModule({
  name: 'mail',
  migrations: [Migration0021RetentionIndexes, Migration0022MailQueue, Migration0036MailHtml],
  build: ({ infra }) => {
    const { config } = infra;
    const sender = new MailSender(infra.mail, infra.logger.child({ component: 'mail-sender' }), {
      concurrency: config.MAIL_CONCURRENCY,
      pollMs: config.MAIL_POLL_MS,
    });
    return {
      services: { sender },
      workers: [sender],
      jobs: [
        retentionJob('mail', infra, [
          {
            kind: 'emails',
            deleteBatch: (em, now, limit) => deleteOldEmails(em, daysBefore(now, config.RETENTION_EMAILS_DAYS), limit),
          },
        ]),
      ],
    };
  },
});
