import { defineModule } from '../../core/module';
import { Migration0004ContactsProducts } from '../../migrations/Migration0004ContactsProducts';
import { Migration0011Costs } from '../../migrations/Migration0011Costs';
import { Migration0031DocumentLanguage } from '../../migrations/Migration0031DocumentLanguage';
import { identityModule } from '../identity/identity.module';
import { savedViewsModule } from '../savedviews/savedviews.module';
import { Contact } from './contact.entity';
import { contactEvents } from './contact.events';
import { listContactsQuery } from './contacts.inputs';
import { contactsOpenApi } from './contacts.openapi';
import { ContactsResolver } from './contacts.resolver';
import { contactRoutes } from './contacts.routes';
import { ContactsService } from './contacts.service';
import { contactExportSource } from './contact-export-source';

// What other modules may use of contacts besides the services below: the record their entities point at.
export { Contact } from './contact.entity';

export const contactsModule = defineModule({
  name: 'contacts',
  dependsOn: [identityModule, savedViewsModule],
  events: contactEvents,
  eventAccess: { section: 'contacts' },
  entities: [Contact],
  // Migration0011Costs adds the contact type BOTH; Migration0031DocumentLanguage the contact's language.
  migrations: [Migration0004ContactsProducts, Migration0011Costs, Migration0031DocumentLanguage],
  openapi: contactsOpenApi,
  build: ({ infra, savedviews }) => {
    const views = savedviews.savedViews.register({
      resource: 'contacts',
      section: 'contacts',
      query: listContactsQuery,
    });
    const contacts = new ContactsService(infra.clock, infra.events, views);
    return {
      // exportSource: the list as a bulk export reads it (issue 27, the exports module).
      services: { contacts, exportSource: contactExportSource },
      routes: { api: (api) => contactRoutes(api, contacts) },
      resolvers: [new ContactsResolver(contacts)],
    };
  },
});
