import type { DocumentStatus, DocumentType } from './document.types';

/** What each type converts to (issue 25 point 1); other types are not converted. */
export const CONVERSIONS: Readonly<Partial<Record<DocumentType, readonly DocumentType[]>>> = {
  QUOTE: ['ORDER', 'INVOICE', 'PROFORMA'],
  ORDER: ['INVOICE', 'PROFORMA', 'DELIVERY_NOTE'],
  DELIVERY_NOTE: ['INVOICE'],
  PROFORMA: ['INVOICE'],
};

/**
 * A source must be in force: issued, sent, paid (a proforma) or accepted (a quote). A draft can still
 * change, so it is issued first; a cancelled, declined or archived one is closed.
 */
export const CONVERTIBLE_STATUSES: readonly DocumentStatus[] = ['ISSUED', 'SENT', 'PAID', 'ACCEPTED'];

/** The types a document of this type and status converts to now (none when its status does not allow it). */
export function conversionsOf(doc: { type: DocumentType; status: DocumentStatus }): DocumentType[] {
  return CONVERTIBLE_STATUSES.includes(doc.status) ? [...(CONVERSIONS[doc.type] ?? [])] : [];
}
