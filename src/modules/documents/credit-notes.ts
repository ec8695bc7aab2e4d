import BigNumber from 'bignumber.js';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../../core/clock';
import { authed, type RequestContext } from '../../core/ctx';
import { ValidationError } from '../../core/errors';
import { parseInput } from '../../core/validation';
import type { EventOutbox } from '../../core/outbox/event-outbox';
import type { DocumentEvents } from './document.events';
import { documentEventData } from './document.events';
import { Document } from './document.entity';
import type { DocumentFactory } from './document-factory';
import type { DocumentLifecycle } from './document-lifecycle';
import { findVisibleDocument } from './document-scope';
import { computeTotals, money } from './document-totals';
import { chargedItems, reverseChargeOf } from './reverse-charge';
import { creditNoteInput } from './document.inputs';
import type { DocumentItem, DocumentStatus } from './document.types';
import { dueOf } from './document.views';
import { DocumentNotCorrectable } from './documents.errors';
import type { NumberingService } from './numbering';

const CORRECTABLE: readonly DocumentStatus[] = ['ISSUED', 'SENT', 'PAID'];

/**
 * Corrective tax documents (opravný daňový doklad, § 45 ZDPH): a CREDIT_NOTE of an issued invoice,
 * numbered in its own series, its lines the differences at the invoice's VAT rates. The invoice
 * keeps the signed sum of its credit notes (creditedAmount): what it asks for is total +
 * creditedAmount, and its payment status follows that.
 */
export class CreditNotes {
  constructor(
    private readonly clock: Clock,
    private readonly events: EventOutbox<DocumentEvents>,
    private readonly numbering: NumberingService,
    private readonly lifecycle: DocumentLifecycle,
    private readonly factory: DocumentFactory,
  ) {}

  /** POST /documents/:id/credit-note: the new credit note (document.created), the invoice updated (document.updated). */
  async create(ctx: RequestContext, invoiceId: string, input: unknown): Promise<Document> {
    const data = parseInput(creditNoteInput, input);
    const organizationId = authed(ctx).principal.organization.id;
    return ctx.em.transactional(async (em) => {
      const invoice = await findVisibleDocument(em, ctx, invoiceId, true);
      if (invoice.type !== 'INVOICE' || !CORRECTABLE.includes(invoice.status))
        throw new DocumentNotCorrectable(invoice.type, invoice.status);
      // A correction of a reverse-charge invoice is reverse charged as it was.
      const reverseCharge = reverseChargeOf(invoice);
      const items = chargedItems(data.items, reverseCharge);
      assertRatesOf(invoice, items);
      const totals = computeTotals(items);
      if (dueOf(invoice).plus(totals.total).lt(0))
        throw new ValidationError(`The credit note takes more than ${invoice.number} still asks for`, [
          { path: 'items', message: `at most ${dueOf(invoice).toFixed(2)} ${invoice.currency} can be credited` },
        ]);
      const number = await this.numbering.allocate(em, organizationId, 'CREDIT_NOTE');
      const creditNote = this.factory.create(em, {
        organizationId,
        type: 'CREDIT_NOTE',
        status: 'ISSUED',
        number,
        contact: invoice.contact,
        clientName: invoice.clientName,
        customerDetails: invoice.customerDetails,
        departmentId: invoice.departmentId,
        currency: invoice.currency,
        language: invoice.language,
        items,
        ...totals,
        issuedAt: data.issuedAt,
        dueAt: data.issuedAt,
        taxableSupplyDate: data.taxableSupplyDate ?? data.issuedAt,
        correctedDocumentId: invoice.id,
        correctedDocumentNumber: invoice.number,
        creditNoteReason: data.reason,
        reverseCharge,
      });
      this.credit(em, invoice, creditNote);
      return creditNote;
    });
  }

  /**
   * Inside the caller's transaction, `invoice` locked: adds a credit note (a register's too) to the
   * invoice's list and its signed total to what the invoice has been credited. Its payment status follows: paid
   * enough, it becomes PAID; asking for more again, a PAID one returns to its earlier status.
   */
  credit(em: EntityManager, invoice: Document, creditNote: Document): void {
    invoice.creditedAmount = money(new BigNumber(invoice.creditedAmount).plus(creditNote.total));
    invoice.creditNotes = [...invoice.creditNotes, { id: creditNote.id, number: creditNote.number }];
    invoice.updatedAt = this.clock.now();
    this.lifecycle.followCredit(em, invoice);
    this.events.record(em, invoice.organization.id, 'document.updated', documentEventData(invoice));
  }
}

/** Each difference at one of the invoice's VAT rates: a rate the invoice lacks is 400 naming it. */
function assertRatesOf(invoice: Document, items: DocumentItem[]): void {
  const rates = invoice.items.map((i) => new BigNumber(i.vatRate));
  const named = [...new Set(rates.map((r) => r.toFixed()))].join(', ');
  items.forEach((item, index) => {
    const rate = new BigNumber(item.vatRate);
    if (!rates.some((r) => r.eq(rate)))
      throw new ValidationError(
        `VAT rate ${rate.toFixed()} % is not a rate of ${invoice.number} (its rates: ${named})`,
        [{ path: `items[${index}].vatRate`, message: `${rate.toFixed()} % is not among ${named}` }],
      );
  });
}
