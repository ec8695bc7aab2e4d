import { deleteOldEmails } from '../core.queries';
import { defineModule } from '../module';
import { Migration0021RetentionIndexes } from '../../migrations/Migration0021RetentionIndexes';
import { daysBefore, retentionJob } from '../retention';

/**
 * Stored e-mails (outbound_email, core's table; created by Migration0005Documents, which the
 * documents manifest lists). Sending is infrastructure (`infra.mailer`); this manifest only brings the
 * daily retention job deleting stored messages, bodies included, after RETENTION_EMAILS_DAYS. That a
 * document was sent stays in its own history (document_history, documents module).
 */
export const mailModule = defineModule({
  name: 'mail',
  migrations: [Migration0021RetentionIndexes],
  build: ({ infra }) => ({
    jobs: [
      retentionJob('mail', infra, [
        {
          kind: 'emails',
          deleteBatch: (em, now, limit) =>
            deleteOldEmails(em, daysBefore(now, infra.config.RETENTION_EMAILS_DAYS), limit),
        },
      ]),
    ],
  }),
});
