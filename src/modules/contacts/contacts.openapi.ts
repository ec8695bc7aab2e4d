import { DOCUMENT_LANGUAGES } from '../../core/languages';
import * as oa from '../../core/openapi/builders';
import { createContactInput, listContactsQuery, updateContactInput } from './contacts.inputs';

const READ = { section: 'contacts', access: 'read' } as const;
const WRITE = { section: 'contacts', access: 'write' } as const;
const tags = ['Contacts'];
const contactType: oa.Schema = {
  type: 'string',
  enum: ['CLIENT', 'SUPPLIER', 'BOTH'],
  description: 'BOTH: client and supplier at once',
};

const optionalFields: Record<string, oa.Schema> = {
  email: { ...oa.nullableString, format: 'email' },
  phone: { ...oa.nullableString, maxLength: 50 },
  taxId: { ...oa.nullableString, maxLength: 32, description: 'IČO' },
  vatId: { ...oa.nullableString, maxLength: 32, description: 'DIČ, e.g. CZ12345678 (upper-cased, spaces removed)' },
  street: { ...oa.nullableString, maxLength: 200 },
  city: { ...oa.nullableString, maxLength: 200 },
  zip: { ...oa.nullableString, maxLength: 20 },
  country: { ...oa.nullableString, maxLength: 100 },
  language: {
    type: ['string', 'null'],
    enum: [...DOCUMENT_LANGUAGES, null],
    description: "Language of the contact's documents (PDF, public page, e-mail); null: the company's",
  },
};

const contact = oa.object({
  id: oa.uuid,
  name: oa.string,
  ...optionalFields,
  type: contactType,
  archived: oa.boolean,
  createdAt: oa.dateTime,
  updatedAt: oa.dateTime,
});

export const contactsOpenApi: oa.PathItems = {
  '/api/v1/contacts': {
    post: oa.operation({
      operationId: 'createContact',
      summary: 'Create a customer or supplier',
      description: 'Records contact.created.',
      tags,
      access: WRITE,
      body: createContactInput,
      ok: { status: '201', description: 'The new contact', schema: contact },
      errors: ['400'],
    }),
    get: oa.operation({
      operationId: 'listContacts',
      summary: 'List contacts, oldest first',
      tags,
      access: READ,
      parameters: oa.queryParameters(listContactsQuery, {
        archived: 'Only archived (true) or only active (false) contacts; all when absent',
        type: 'Only contacts of exactly this type (BOTH is its own type)',
        search: 'Case-insensitive substring of name, e-mail, IČO or DIČ',
      }),
      ok: { description: 'A page of contacts', schema: oa.pageOf(contact) },
      errors: ['400', '404'],
    }),
  },
  '/api/v1/contacts/{id}': {
    get: oa.operation({
      operationId: 'getContact',
      summary: 'One contact',
      tags,
      access: READ,
      parameters: [oa.idParameter],
      ok: { description: 'The contact', schema: contact },
      errors: ['404'],
    }),
    patch: oa.operation({
      operationId: 'updateContact',
      summary: 'Change a contact; archive or restore it',
      description:
        'Contacts are never deleted: {archived: true} archives. Changed fields record contact.updated; archiving records ' +
        'contact.archived; restoring records no event. A PATCH that changes nothing records nothing.',
      tags,
      access: WRITE,
      parameters: [oa.idParameter],
      body: updateContactInput,
      ok: { description: 'The contact after the change', schema: contact },
      errors: ['400', '404'],
    }),
  },
};
