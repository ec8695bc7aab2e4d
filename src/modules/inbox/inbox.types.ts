import type { ExtractedFields } from './extraction';

/** The states of an inbox item: QUEUED → PROCESSING → EXTRACTED | FAILED; EXTRACTED → CONFIRMED. */
export const INBOX_STATUSES = ['QUEUED', 'PROCESSING', 'EXTRACTED', 'FAILED', 'CONFIRMED'] as const;
export type InboxStatus = (typeof INBOX_STATUSES)[number];

/** Where an item came from; a future per-company inbox e-mail address adds EMAIL. */
export const INBOX_SOURCES = ['UPLOAD'] as const;
export type InboxSource = (typeof INBOX_SOURCES)[number];

export type ExtractionMethod = 'ISDOC' | 'TEXT' | 'OCR';

/** An inbox item as the API shows it; `fields` with the matched supplier and duplicate flag is the draft cost. */
export interface InboxItemView {
  id: string;
  status: InboxStatus;
  source: InboxSource;
  filename: string;
  contentType: string;
  size: number;
  pages: number | null;
  method: ExtractionMethod | null;
  engine: string | null;
  failureReason: string | null;
  fields: ExtractedFields | null;
  supplierContactId: string | null;
  duplicateCostId: string | null;
  costId: string | null;
  createdAt: string;
  updatedAt: string;
  processedAt: string | null;
}
