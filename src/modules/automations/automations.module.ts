import type { Logger } from 'pino';
import { mailModule } from '../../core/mail/mail.module';
import { defineModule, type BackgroundWorker } from '../../core/module';
import { daysBefore, retentionJob } from '../../core/retention';
import { Migration0010Automations } from '../../migrations/Migration0010Automations';
import { Migration0021RetentionIndexes } from '../../migrations/Migration0021RetentionIndexes';
import { documentsModule } from '../documents/documents.module';
import { notificationsModule } from '../notifications/notifications.module';
import { webhooksModule } from '../webhooks/webhooks.module';
import { AutomationActions } from './automation-actions';
import { AutomationEngine } from './automation-engine';
import { AutomationSchedule, SCHEDULED_RUN_JOB } from './automation-schedule';
import { automationEvents } from './automation.events';
import { Automation, AutomationRun } from './automation.entity';
import { automationsOpenApi } from './automations.openapi';
import { deleteOldOccurrences, deleteOldRuns } from './automations.queries';
import { AutomationsResolver } from './automations.resolver';
import { automationRoutes } from './automations.routes';
import { AutomationsService } from './automations.service';

/**
 * Gives every active SCHEDULED rule its pending job when a worker process starts. Stopping does not
 * wait for the check: it only adds missing jobs, and the next worker to start checks again.
 */
function scheduleKeeper(schedule: AutomationSchedule, log: Logger): BackgroundWorker {
  return {
    name: 'automations-schedule',
    start: () =>
      void schedule.ensureAll().catch((err) => log.warn({ err }, 'could not check the scheduled automations')),
    stop: () => Promise.resolve(),
  };
}

/**
 * Automations (section automations): rules, the outbox consumer `automations` running SYSTEM_EVENT
 * rules, SCHEDULED rules as Agenda jobs, manual runs and the run history.
 */
export const automationsModule = defineModule({
  name: 'automations',
  dependsOn: [mailModule, documentsModule, notificationsModule, webhooksModule],
  events: automationEvents,
  eventAccess: { section: 'automations' },
  entities: [Automation, AutomationRun],
  // Migration0010Automations also adds documents.custom_fields (Document.customFields).
  migrations: [Migration0010Automations, Migration0021RetentionIndexes],
  openapi: automationsOpenApi,
  build: ({ infra, mail, documents, notifications: { notifications }, webhooks }) => {
    const log = infra.logger.child({ module: 'automations' });
    const actions = new AutomationActions(
      documents.documents,
      webhooks.deliveries,
      () => webhooks.sender.wake(),
      notifications,
      infra.events,
      infra.mail,
    );
    const engine = new AutomationEngine(infra.clock, infra.events, actions, notifications, log);
    const schedule = new AutomationSchedule(infra.orm, infra.clock, infra.scheduler, engine, log);
    const automations = new AutomationsService(
      infra.clock,
      engine,
      schedule,
      (name) => infra.declaredEvents.isListed(name),
      documents.reads,
    );
    return {
      services: { automations, engine, schedule },
      routes: { api: (api) => automationRoutes(api, automations) },
      resolvers: [new AutomationsResolver(automations)],
      consumers: [
        {
          name: 'automations',
          consume: async (em, event) => void (await engine.consume(em, event)),
          consumeBatch: async (em, events) => void (await engine.consumeBatch(em, events)),
          // SEND_EMAIL recorded e-mails with the pass's runs: sent as soon as they are committed.
          committed: () => mail.sender.wake(),
        },
      ],
      jobs: [
        { name: SCHEDULED_RUN_JOB, run: async (data) => void (await schedule.runOccurrence(data)) },
        retentionJob('automations', infra, [
          {
            kind: 'runs',
            deleteBatch: (em, now, limit) =>
              deleteOldRuns(em, daysBefore(now, infra.config.RETENTION_AUTOMATION_RUNS_DAYS), limit),
          },
          {
            kind: 'occurrences',
            deleteBatch: (em, now, limit) =>
              deleteOldOccurrences(em, daysBefore(now, infra.config.RETENTION_AUTOMATION_RUNS_DAYS), limit),
          },
        ]),
      ],
      workers: [scheduleKeeper(schedule, log)],
    };
  },
});
