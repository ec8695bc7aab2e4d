import { event, type FieldSet, type PayloadsOf } from '../../core/outbox/event-declarations';

/** The SPEC 6.3 contact payload shared by every contact.* event. */
export type ContactPayload = {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  type: string;
  taxId: string | null;
  vatId: string | null;
  archived: boolean;
};

const CONTACT = {
  id: true,
  name: true,
  email: true,
  phone: true,
  type: true,
  taxId: true,
  vatId: true,
  archived: true,
} as const satisfies FieldSet<ContactPayload>;
const contact = event<ContactPayload>();

export const contactEvents = {
  'contact.created': contact.listed('POST /contacts', CONTACT),
  'contact.updated': contact.listed('PATCH /contacts/:id, except archiving or unarchiving', CONTACT),
  'contact.archived': contact.listed(
    'PATCH /contacts/:id with archived true (contacts are archived, never deleted)',
    CONTACT,
  ),
};
export type ContactEvents = PayloadsOf<typeof contactEvents>;
