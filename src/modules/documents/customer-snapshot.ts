import { wrap } from '@mikro-orm/core';
import type { Contact } from '../contacts/contacts.module';

/** A customer's address and ids on a document (documents.customer_details), keyed as a register sends them. */
export type CustomerDetails = Record<string, string | null>;

/**
 * The contact's billing details as an issued document keeps them: a tax document states the customer
 * as they were when it was issued (§ 29 ZDPH), so a later edit of the contact changes no issued
 * document. Null for a reference not loaded (the caller then keeps what the document had).
 */
export function customerSnapshot(contact: Contact): CustomerDetails | null {
  if (!wrap(contact).isInitialized()) return null;
  const { street, zip, city, country, taxId, vatId } = contact;
  return { street, zip, city, country, taxId, vatId };
}
