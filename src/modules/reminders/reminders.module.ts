import { CZ_TZ } from '../../core/clock';
import { defineModule } from '../../core/module';
import { Migration0034Reminders } from '../../migrations/Migration0034Reminders';
import { documentsModule } from '../documents/documents.module';
import { DocumentReminders } from './document-reminders';
import { REMINDERS_JOB, ReminderRun } from './reminder-run';
import { ReminderSteps } from './reminder-steps';
import { remindersOpenApi } from './reminders.openapi';
import { RemindersResolver } from './reminders.resolver';
import { reminderRoutes } from './reminders.routes';

export type { ReminderSteps } from './reminder-steps';

/**
 * Reminders (upomínky, issue 26 point 3): a company's steps relative to the due date and the daily
 * 08:00 Prague job that e-mails each due step once per unpaid invoice (reminder-run.ts).
 */
export const remindersModule = defineModule({
  name: 'reminders',
  dependsOn: [documentsModule],
  migrations: [Migration0034Reminders],
  openapi: remindersOpenApi,
  build: ({ infra, documents }) => {
    const steps = new ReminderSteps();
    const documentReminders = new DocumentReminders(infra.clock, documents.documents);
    const run = new ReminderRun(infra.orm, infra.clock, documents.emails, infra.logger.child({ job: REMINDERS_JOB }));
    return {
      services: { reminderSteps: steps, reminderRun: run, documentReminders },
      resolvers: [new RemindersResolver(steps, documentReminders)],
      routes: { api: (api) => reminderRoutes(api, steps, documentReminders) },
      jobs: [
        {
          name: REMINDERS_JOB,
          run: async () => void (await run.run()),
          recurring: { key: 'daily', cron: '0 8 * * *', timezone: CZ_TZ },
        },
      ],
    };
  },
});
