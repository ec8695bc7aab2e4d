import { useTranslation } from 'react-i18next';
import type { DocumentStatus, DocumentType, ReverseChargeRegime } from '../../gql/graphql';
import en from './locales/en';

/**
 * The document enums in the order the page lists them; their texts are `documents:type.<T>`,
 * `documents:status.<S>`, `documents:transition.<S>` and `documents:reverseCharge.<R>` (typed keys).
 */
export const TYPES = Object.keys(en.type) as DocumentType[];
/** What the form creates: an advance tax document is issued only for a payment received on a proforma. */
export const CREATABLE_TYPES = TYPES.filter((t) => t !== 'ADVANCE_TAX_DOCUMENT');
export const STATUSES = Object.keys(en.status) as DocumentStatus[];
export const REVERSE_CHARGES = Object.keys(en.reverseCharge) as ReverseChargeRegime[];

/**
 * The statuses' English texts, for pages that have not moved to `documents:status.<S>` yet
 * (pages/automations); the documents pages use the translated keys.
 */
export const STATUS_LABELS: Record<DocumentStatus, string> = en.status;

/** Content changes only in these statuses (the server refuses others with DOCUMENT_LOCKED). */
export const EDITABLE: readonly DocumentStatus[] = ['DRAFT', 'ISSUED', 'SENT'];

export function StatusBadge({ status }: { status: DocumentStatus }) {
  const { t } = useTranslation('documents');
  return <span className={`badge status-${status.toLowerCase()}`}>{t(`status.${status}`)}</span>;
}
