import type { EntityManager } from '@mikro-orm/postgresql';
import type { ServicesOf } from '../../../core/module';
import type { companyModule } from '../../company/company.module';
import { Document } from '../document.entity';
import type { DocumentType } from '../document.types';
import { EInvoiceNotAvailable } from '../documents.errors';
import { renderIsdoc } from './einvoice-isdoc';
import { eInvoiceOf, type EInvoice } from './einvoice-model';
import { renderUbl } from './einvoice-ubl';

type CompanyService = ServicesOf<typeof companyModule>['company'];

/** The types an e-invoice describes: those asking for money and the advance tax document (a register's receipts are INVOICEs). */
export const EINVOICE_TYPES: readonly DocumentType[] = ['INVOICE', 'CREDIT_NOTE', 'PROFORMA', 'ADVANCE_TAX_DOCUMENT'];

/** The ISDOC file's name: the document number, safe in a header (as the PDF's). */
export function isdocFileName(number: string): string {
  return `${number.replace(/[^\w.-]/g, '_')}.isdoc`;
}

/**
 * A document as an e-invoice (issue 27): one mapping to the neutral model (einvoice-model.ts), rendered
 * as ISDOC 6.0.2 or UBL 2.1 (EN 16931). The documents manifest exports it as `einvoice`; the PDF
 * embeds the ISDOC (ISDOC.PDF) and the bulk exports zip it.
 */
export class EInvoices {
  constructor(private readonly company: CompanyService) {}

  /** Whether the document has an e-invoice (the PDF embeds the ISDOC only then). */
  static describes(doc: Pick<Document, 'type'>): boolean {
    return EINVOICE_TYPES.includes(doc.type);
  }

  /** The ISDOC 6.0.2 XML of a document of the caller's company (found by the caller); 409 DOCUMENT_NOT_PAYABLE for another type. */
  async isdoc(em: EntityManager, doc: Document): Promise<string> {
    return renderIsdoc(await this.model(em, doc));
  }

  /** The UBL 2.1 Invoice (CreditNote for a credit note) following EN 16931. */
  async ubl(em: EntityManager, doc: Document): Promise<string> {
    return renderUbl(await this.model(em, doc));
  }

  /** The neutral model both render. */
  async model(em: EntityManager, doc: Document): Promise<EInvoice> {
    if (!EInvoices.describes(doc)) throw new EInvoiceNotAvailable(doc.type);
    await em.populate(doc, ['organization', 'contact']);
    const organizationId = doc.organization.id;
    const corrected = doc.correctedDocumentId
      ? await em.findOne(
          Document,
          { id: doc.correctedDocumentId, organization: organizationId },
          { fields: ['id', 'number', 'issuedAt'] },
        )
      : null;
    return eInvoiceOf({
      doc,
      profile: await this.company.profileOf(em, organizationId),
      organizationName: doc.organization.name,
      corrected,
    });
  }
}
