import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../../../core/clock';
import type { CompanyProfile } from '../../company/company-profile.entity';
import type { CompanyService } from '../../company/company.service';
import type { Document } from '../document.entity';
import { documentPage, type DocumentPage } from './document-html';
import { renderPdf } from './document-pdf';
import { printedDocument, qrPng, type PrintedDocument } from './printed-document';

/** Bump when the layout changes, so every kept PDF is drawn again. */
const LAYOUT_VERSION = 'layout-1';

/**
 * Prints a document as the customer sees it (HTML page, PDF). A PDF is rendered once per version
 * of what it shows — the document, its customer, the company's billing data and look — and kept
 * in document_pdfs, so later downloads of the same version render nothing.
 */
export class DocumentPrinter {
  /** PDFs rendered by this process (the cache test and the benchmark read it). */
  rendered = 0;

  constructor(
    private readonly company: CompanyService,
    private readonly clock: Clock,
  ) {}

  async page(em: EntityManager, doc: Document, pdfHref: string): Promise<DocumentPage> {
    const { printed } = await this.load(em, doc);
    const d = await printed();
    return documentPage(d, pdfHref, d.qr ? await qrPng(d.qr.spayd) : null);
  }

  async pdf(em: EntityManager, doc: Document): Promise<Buffer> {
    const { profile, printed } = await this.load(em, doc);
    const version = this.versionOf(doc, profile);
    const kept = await this.kept(em, doc.id, version);
    if (kept) return kept;
    // Parallel first downloads of one version queue on a per-document lock, so only one renders.
    return em.transactional(async (tx) => {
      await tx.execute('SELECT pg_advisory_xact_lock(hashtextextended(?, 17))', [doc.id]);
      const rendered = await this.kept(tx, doc.id, version);
      if (rendered) return rendered;
      const bytes = await renderPdf(await printed(), doc.updatedAt);
      this.rendered++;
      await tx.execute(
        `INSERT INTO document_pdfs (document_id, organization_id, version, pdf, created_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (document_id) DO UPDATE SET version = EXCLUDED.version, pdf = EXCLUDED.pdf, created_at = EXCLUDED.created_at`,
        [doc.id, doc.organization.id, version, bytes, this.clock.now()],
      );
      return bytes;
    });
  }

  private async kept(em: EntityManager, documentId: string, version: string): Promise<Buffer | null> {
    const [row] = await em.execute<{ pdf: Buffer }[]>('SELECT pdf FROM document_pdfs WHERE document_id = ? AND version = ?', [documentId, version]);
    return row?.pdf ?? null;
  }

  /** Everything the printed document depends on; the logo is part of the profile's updatedAt. */
  versionOf(doc: Document, profile: CompanyProfile): string {
    const parts = [LAYOUT_VERSION, doc.id, doc.updatedAt.toISOString(), doc.organization.name, profile.updatedAt.toISOString(), doc.contact?.updatedAt.toISOString() ?? '-'];
    return createHash('sha256').update(parts.join('\n')).digest('hex');
  }

  private async load(em: EntityManager, doc: Document): Promise<{ profile: CompanyProfile; printed: () => Promise<PrintedDocument> }> {
    await em.populate(doc, ['organization', 'contact']);
    const organizationId = doc.organization.id;
    const profile = await this.company.profileOf(em, organizationId);
    const printed = async () => printedDocument({ doc, organizationName: doc.organization.name, profile, logo: await this.company.logoOf(em, organizationId) });
    return { profile, printed };
  }
}
