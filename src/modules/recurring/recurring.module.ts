import { defineModule } from '../../core/module';
import { Migration0033RecurringSeries } from '../../migrations/Migration0033RecurringSeries';
import { contactsModule } from '../contacts/contacts.module';
import { documentsModule } from '../documents/documents.module';
import { identityModule } from '../identity/identity.module';
import { recurringOpenApi } from './recurring.openapi';
import { recurringRoutes } from './recurring.routes';
import { RecurringSeries } from './recurring-series.entity';
import { RecurringService } from './recurring.service';

/** Recurring series of invoices and proformas (issue 26 points 1–2). */
export const recurringModule = defineModule({
  name: 'recurring',
  dependsOn: [identityModule, contactsModule, documentsModule],
  entities: [RecurringSeries],
  migrations: [Migration0033RecurringSeries],
  openapi: recurringOpenApi,
  build: ({ infra }) => {
    const recurring = new RecurringService(infra.clock);
    return {
      services: { recurring },
      routes: { api: (api) => recurringRoutes(api, recurring) },
    };
  },
});
