import type { EntityManager } from '@mikro-orm/postgresql';
import { query, sql } from '../../core/db/sql';

/** What a kept PDF depends on besides the document itself, and the kept PDF (document_pdfs) if any. */
export interface PdfProbeRow {
  organization_name: string;
  profile_at: Date | null;
  contact_at: Date | null;
  version: string | null;
  pdf: Buffer | null;
}

const PDF_PROBE = sql(
  `SELECT o.name AS organization_name, cp.updated_at AS profile_at, c.updated_at AS contact_at, p.version, p.pdf
     FROM documents d
     JOIN organizations o ON o.id = d.organization_id
     LEFT JOIN company_profiles cp ON cp.organization_id = d.organization_id
     LEFT JOIN contacts c ON c.id = d.contact_id
     LEFT JOIN document_pdfs p ON p.document_id = d.id
    WHERE d.id = ?`,
);

/** One statement, so a cached download costs one query. */
export async function pdfProbe(em: EntityManager, documentId: string): Promise<PdfProbeRow> {
  const [row] = await query<PdfProbeRow>(em, PDF_PROBE, [documentId]);
  return row;
}

const LOCK_PDF = sql('SELECT pg_advisory_xact_lock(hashtextextended(?, 17))');

/** Until the transaction ends: parallel first downloads of one version queue here, so only one renders. */
export async function lockDocumentPdf(em: EntityManager, documentId: string): Promise<void> {
  await query(em, LOCK_PDF, [documentId]);
}

const KEEP_PDF = sql(
  `INSERT INTO document_pdfs (document_id, organization_id, version, pdf, created_at) VALUES (?, ?, ?, ?, ?)
   ON CONFLICT (document_id) DO UPDATE SET version = EXCLUDED.version, pdf = EXCLUDED.pdf, created_at = EXCLUDED.created_at`,
);

export interface KeptPdf {
  documentId: string;
  organizationId: string;
  version: string;
  pdf: Buffer;
  createdAt: Date;
}

/** The document's one kept PDF, replacing an older version. */
export async function keepPdf(em: EntityManager, kept: KeptPdf): Promise<void> {
  await query(em, KEEP_PDF, [kept.documentId, kept.organizationId, kept.version, kept.pdf, kept.createdAt]);
}
