/** IČO, DIČ and the postal address: what a document prints of a party to it (the company, a contact). */
export interface PartyDetails {
  /** IČO. */
  taxId: string | null;
  /** DIČ. */
  vatId: string | null;
  street: string | null;
  city: string | null;
  zip: string | null;
  country: string | null;
}
