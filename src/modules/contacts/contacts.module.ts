import type { FakturaModule } from '../../core/module';
import { contactsOpenApi } from './contacts.openapi';
import { ContactsResolver } from './contacts.resolver';
import { contactRoutes } from './contacts.routes';

export const contactsModule: FakturaModule = {
  name: 'contacts',
  routes: (api, c) => contactRoutes(api, c.contacts),
  resolvers: (c) => [new ContactsResolver(c.contacts)],
  openapi: contactsOpenApi,
};
