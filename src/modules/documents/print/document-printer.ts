import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../../../core/clock';
import { ValidationError } from '../../../core/errors';
import type { ServicesOf } from '../../../core/module';
import type { companyModule } from '../../company/company.module';
import type { Document } from '../document.entity';
import { keepPdf, lockDocumentPdf, pdfProbe } from '../documents.queries';
import { documentPage, type AnswerForm, type DocumentPage, type PayOnlineForm } from './document-html';
import { renderPdf, type PdfAttachment } from './document-pdf';
import { EInvoices, eInvoiceFileName } from '../einvoice/einvoices';
import { printableOf, printedDocument, qrPng, type PrintableDocument, type PrintedDocument } from './printed-document';

type CompanyService = ServicesOf<typeof companyModule>['company'];

/** The PDF's file name (attachment, download): the document number, safe in a header. */
export function pdfFileName(number: string): string {
  return `${number.replace(/[^\w.-]/g, '_')}.pdf`;
}

/**
 * Bump when the layout changes, so every kept PDF is drawn again (layout-4: issue 25's wording of each
 * type, the CZK recapitulation, reverse charge, languages, and every letter's Unicode kept in the text;
 * layout-5: issue 27's embedded ISDOC).
 */
const LAYOUT_VERSION = 'layout-5';

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
    private readonly einvoice: EInvoices,
  ) {}

  /**
   * `answer`: a QUOTE's form on the customer's page (what it offers, where it posts); `payOnline`: an
   * unpaid invoice's button to a payment gateway.
   */
  async page(
    em: EntityManager,
    doc: Document,
    pdfHref: string,
    answer?: AnswerForm | null,
    payOnline?: PayOnlineForm | null,
  ): Promise<DocumentPage> {
    const d = await this.printed(em, doc);
    return documentPage(d, pdfHref, d.qr ? await qrPng(d.qr.spayd) : null, answer ?? null, payOnline ?? null);
  }

  /**
   * The payment QR code the printed document shows (SPAYD string and PNG), or null where it shows none
   * (nothing remaining, a type asking for no money, no IBAN in the company's profile).
   */
  async paymentQr(em: EntityManager, doc: Document): Promise<{ spayd: string; png: Buffer } | null> {
    const { qr } = await this.printed(em, doc);
    return qr && { spayd: qr.spayd, png: await qrPng(qr.spayd) };
  }

  /** `prices: false`: a DELIVERY_NOTE without prices, drawn on every download (not kept). */
  async pdf(em: EntityManager, doc: Document, { prices = true }: { prices?: boolean } = {}): Promise<Buffer> {
    if (!prices) {
      if (doc.type !== 'DELIVERY_NOTE')
        throw new ValidationError(`Only a DELIVERY_NOTE prints without prices; this is a ${doc.type}`, [
          { path: 'prices', message: 'only for a DELIVERY_NOTE' },
        ]);
      const bytes = await renderPdf(await this.printed(em, doc, undefined, false), doc.updatedAt);
      this.rendered++;
      return bytes;
    }
    const kept = await this.probe(em, doc);
    if (kept.pdf) return kept.pdf;
    // Parallel first downloads of one version queue on a per-document lock, so only one renders.
    return em.transactional(async (tx) => {
      await lockDocumentPdf(tx, doc.id);
      const { version, pdf } = await this.probe(tx, doc);
      if (pdf) return pdf;
      const bytes = await renderPdf(await this.printed(em, doc), doc.updatedAt, await this.isdocAttachment(em, doc));
      this.rendered++;
      await keepPdf(tx, {
        documentId: doc.id,
        organizationId: doc.organization.id,
        version,
        pdf: bytes,
        createdAt: this.clock.now(),
      });
      return bytes;
    });
  }

  /**
   * The PDF of one kept version of the document's content (`content`, made at `at`), with the
   * company's current billing data and look. Drawn on every download: old versions are rarely asked for.
   */
  async versionPdf(em: EntityManager, doc: Document, content: PrintableDocument, at: Date): Promise<Buffer> {
    const bytes = await renderPdf(await this.printed(em, doc, content), at);
    this.rendered++;
    return bytes;
  }

  /**
   * ISDOC.PDF: the PDF of an invoice, credit note, proforma or advance tax document carries its ISDOC
   * (the same XML GET /documents/:id/isdoc answers) as `<number>.isdoc`. A kept version's PDF carries
   * none: its ISDOC would be of the document as it stands, not of that version.
   */
  private async isdocAttachment(em: EntityManager, doc: Document): Promise<PdfAttachment | null> {
    if (!EInvoices.describes(doc)) return null;
    return {
      name: eInvoiceFileName(doc.number, 'isdoc'),
      type: 'application/xml',
      description: `ISDOC ${doc.number}`,
      data: Buffer.from(await this.einvoice.isdoc(em, doc), 'utf8'),
    };
  }

  /**
   * The current version of the document's PDF — everything it shows: the document, its customer,
   * the company's name, billing data and look (the logo is part of the profile's updatedAt) — and
   * the kept PDF when it is of that version.
   */
  private async probe(em: EntityManager, doc: Document): Promise<{ version: string; pdf: Buffer | null }> {
    const row = await pdfProbe(em, doc.id);
    const at = (value: Date | null) => (value ? new Date(value).toISOString() : '-');
    const parts = [
      LAYOUT_VERSION,
      doc.id,
      doc.updatedAt.toISOString(),
      row.organization_name,
      at(row.profile_at),
      at(row.contact_at),
    ];
    const version = createHash('sha256').update(parts.join('\n')).digest('hex');
    return { version, pdf: row.version === version ? row.pdf : null };
  }

  /** The printed model of the document as it stands, or of `content` (one of its versions). */
  private async printed(
    em: EntityManager,
    doc: Document,
    content?: PrintableDocument,
    prices = true,
  ): Promise<PrintedDocument> {
    await em.populate(doc, ['organization', 'contact']);
    const organizationId = doc.organization.id;
    return printedDocument({
      doc: content ?? printableOf(doc),
      language: doc.language,
      organizationName: doc.organization.name,
      profile: await this.company.profileOf(em, organizationId),
      logo: await this.company.logoOf(em, organizationId),
      quote: doc,
      prices,
    });
  }
}
