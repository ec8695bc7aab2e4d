import { CZ_TZ } from '../../core/clock';
import { defineModule } from '../../core/module';
import { Migration0033RecurringSeries } from '../../migrations/Migration0033RecurringSeries';
import { companyModule } from '../company/company.module';
import { contactsModule } from '../contacts/contacts.module';
import { documentsModule } from '../documents/documents.module';
import { identityModule } from '../identity/identity.module';
import { notificationsModule } from '../notifications/notifications.module';
import { savedViewsModule } from '../savedviews/savedviews.module';
import { recurringEvents } from './recurring.events';
import { recurringOpenApi } from './recurring.openapi';
import { RecurringResolver } from './recurring.resolver';
import { recurringRoutes } from './recurring.routes';
import { RecurringGenerator } from './recurring-generator';
import { RecurringSeries } from './recurring-series.entity';
import { RecurringService } from './recurring.service';
import { listSeriesQuery } from './recurring.inputs';

export const RECURRING_JOB = 'recurring.generate';

/** Recurring series of invoices and proformas (issue 26 points 1–2). */
export const recurringModule = defineModule({
  name: 'recurring',
  dependsOn: [identityModule, contactsModule, companyModule, documentsModule, notificationsModule, savedViewsModule],
  events: recurringEvents,
  eventAccess: { section: 'documents' },
  entities: [RecurringSeries],
  migrations: [Migration0033RecurringSeries],
  openapi: recurringOpenApi,
  build: ({ infra, documents, company, notifications, savedviews }) => {
    const views = savedviews.savedViews.register({
      resource: 'recurring-series',
      section: 'documents',
      query: listSeriesQuery,
    });
    const recurring = new RecurringService(infra.clock, infra.events, views);
    const generator = new RecurringGenerator(
      infra.orm,
      infra.clock,
      documents.documents,
      documents.emails,
      company.company,
      notifications.notifications,
      infra.events,
      infra.logger.child({ job: RECURRING_JOB }),
    );
    // A generated document's e-mail the mail server refused is the series' failure too.
    documents.emails.whenEmailFailed((em, failure) => generator.emailFailed(em, failure));
    return {
      services: { recurring, recurringGenerator: generator },
      routes: { api: (api) => recurringRoutes(api, recurring) },
      resolvers: [new RecurringResolver(recurring)],
      jobs: [
        {
          name: RECURRING_JOB,
          run: async () => void (await generator.run()),
          recurring: { key: 'daily', cron: '0 6 * * *', timezone: CZ_TZ },
        },
      ],
    };
  },
});
