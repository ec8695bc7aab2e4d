import type { SeriesRegistration } from './numbering';
import { documentNumberTaken } from './numbering.queries';
import { DOCUMENT_TYPES, type DocumentType } from './document.types';

/** Czech customary prefixes: faktura vydaná, zálohová faktura, nabídka, objednávka, dodací list, dobropis, zálohový daňový doklad. */
const DEFAULT_PREFIX: Record<DocumentType, string> = {
  INVOICE: 'FV',
  PROFORMA: 'ZF',
  QUOTE: 'NA',
  ORDER: 'OB',
  DELIVERY_NOTE: 'DL',
  CREDIT_NOTE: 'DB',
  ADVANCE_TAX_DOCUMENT: 'ZD',
};

/** One numbering series per document type, its numbers kept in the documents table. */
export const documentSeries: readonly SeriesRegistration[] = DOCUMENT_TYPES.map((type) => ({
  name: type,
  defaultPrefix: DEFAULT_PREFIX[type],
  isTaken: (em, organizationId, number) => documentNumberTaken(em, organizationId, type, number),
}));
