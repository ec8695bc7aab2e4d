import type { Section } from '../../core/access';
import type { ExportSource } from '../../core/export-source';
import type { Document } from '../documents/documents.module';
import type { ExportResource } from './export.entity';

/** The export source of each resource, from its module's manifest; documents' rows are documents (for PDFs and ISDOC). */
/* eslint-disable @typescript-eslint/no-explicit-any -- each source has its own filters, checked by its own schema */
export type ExportSources = Record<ExportResource, ExportSource<unknown, any>> & {
  documents: ExportSource<Document, any>;
};
/* eslint-enable @typescript-eslint/no-explicit-any */

/** The section whose read access an export of each resource needs: the one its list needs. */
export const SECTION_OF: Record<ExportResource, Section> = {
  documents: 'documents',
  costs: 'costs',
  payments: 'payments',
  contacts: 'contacts',
  products: 'documents',
};
