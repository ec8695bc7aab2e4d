import type { DocumentLanguage } from '../../core/languages';
import type { PartyDetails } from '../../core/party';
import type { ContactPayload } from './contact.events';
import type { Contact, ContactType } from './contact.entity';

export interface ContactView extends PartyDetails {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  type: ContactType;
  language: DocumentLanguage | null;
  archived: boolean;
  createdAt: string;
  updatedAt: string;
}

export function contactView(c: Contact): ContactView {
  return {
    ...contactEventData(c),
    street: c.street,
    city: c.city,
    zip: c.zip,
    country: c.country,
    language: c.language,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

/** The SPEC 6.3 payload of contact.created / contact.updated / contact.archived: exactly these fields. */
export function contactEventData(c: Contact) {
  return {
    id: c.id,
    name: c.name,
    email: c.email,
    phone: c.phone,
    type: c.type,
    taxId: c.taxId,
    vatId: c.vatId,
    archived: c.archived,
  } satisfies ContactPayload;
}
