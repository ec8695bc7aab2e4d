import { Entity, Property } from '@mikro-orm/core';
import type { DocumentLanguage } from '../../core/languages';
import { OrganizationRecord } from '../identity/identity.module';

/** BOTH: a contact the company sells to and buys from (Migration0011Costs). */
export const CONTACT_TYPES = ['CLIENT', 'SUPPLIER', 'BOTH'] as const;
export type ContactType = (typeof CONTACT_TYPES)[number];

/** A client or supplier of an organization. Contacts are archived, never deleted: documents keep pointing at them. */
@Entity({ tableName: 'contacts' })
export class Contact extends OrganizationRecord {
  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'text', nullable: true })
  email: string | null = null;

  @Property({ type: 'text', nullable: true })
  phone: string | null = null;

  @Property({ type: 'text' })
  type: ContactType = 'CLIENT';

  /** IČO. */
  @Property({ type: 'text', nullable: true })
  taxId: string | null = null;

  /** DIČ. */
  @Property({ type: 'text', nullable: true })
  vatId: string | null = null;

  @Property({ type: 'text', nullable: true })
  street: string | null = null;

  @Property({ type: 'text', nullable: true })
  city: string | null = null;

  @Property({ type: 'text', nullable: true })
  zip: string | null = null;

  @Property({ type: 'text', nullable: true })
  country: string | null = null;

  /** The language of the contact's documents (Migration0031DocumentLanguage); null: the company's. */
  @Property({ type: 'text', nullable: true })
  language: DocumentLanguage | null = null;

  @Property({ type: 'boolean' })
  archived = false;

  @Property({ type: 'timestamptz' })
  createdAt!: Date;

  @Property({ type: 'timestamptz' })
  updatedAt!: Date;
}
