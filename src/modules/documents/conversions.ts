import type { Clock } from '../../core/clock';
import { CZ_TZ, dayjs } from '../../core/clock';
import { authed, type RequestContext } from '../../core/ctx';
import { parseInput } from '../../core/validation';
import type { EventOutbox } from '../../core/outbox/event-outbox';
import type { DocumentEvents } from './document.events';
import { documentEventData } from './document.events';
import type { Document } from './document.entity';
import type { DocumentRates } from './document-currency';
import type { DocumentFactory } from './document-factory';
import { findVisibleDocument } from './document-scope';
import { convertInput } from './document.inputs';
import type { DocumentStatus, DocumentType } from './document.types';
import { DocumentNotConvertible } from './documents.errors';
import { DEFAULT_PAYMENT_DAYS } from './documents.service';
import type { NumberingService } from './numbering';

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
export function conversionsOf(doc: { type: DocumentType; status: DocumentStatus }): readonly DocumentType[] {
  return CONVERTIBLE_STATUSES.includes(doc.status) ? (CONVERSIONS[doc.type] ?? []) : [];
}

/**
 * POST /documents/:id/convert: a new document of another type with the source's customer, currency,
 * items and note, numbered in its own series and dated today. The two are linked both ways: the new
 * one's sourceDocumentId, the source's derivedDocumentIds.
 */
export class DocumentConversions {
  constructor(
    private readonly clock: Clock,
    private readonly events: EventOutbox<DocumentEvents>,
    private readonly numbering: NumberingService,
    private readonly factory: DocumentFactory,
    private readonly rates: DocumentRates,
  ) {}

  /** document.created for the new document (DRAFT, or ISSUED with `issue`), document.updated for the source. */
  async convert(ctx: RequestContext, sourceId: string, input: unknown): Promise<Document> {
    const data = parseInput(convertInput, input);
    const organizationId = authed(ctx).principal.organization.id;
    const issuedAt = this.clock.now();
    const currency = (await findVisibleDocument(ctx.em, ctx, sourceId)).currency;
    // Before the transaction: a rate not kept yet is fetched from ČNB.
    const exchangeRate = await this.rates.resolve({
      currency,
      exchangeRate: data.exchangeRate,
      taxableSupplyAt: issuedAt,
    });
    return ctx.em.transactional(async (em) => {
      const source = await findVisibleDocument(em, ctx, sourceId, true);
      if (!conversionsOf(source).includes(data.type))
        throw new DocumentNotConvertible(source.type, source.status, data.type, CONVERSIONS[source.type] ?? []);
      const number = await this.numbering.allocate(em, organizationId, data.type, issuedAt);
      const derived = this.factory.create(em, {
        organizationId,
        type: data.type,
        status: data.issue ? 'ISSUED' : 'DRAFT',
        number,
        contact: source.contact,
        clientName: source.clientName,
        customerDetails: source.customerDetails,
        departmentId: source.departmentId,
        currency: source.currency,
        exchangeRate,
        items: source.items,
        subtotal: source.subtotal,
        vatTotal: source.vatTotal,
        total: source.total,
        note: source.note,
        issuedAt,
        dueAt: dayjs(issuedAt).tz(CZ_TZ).add(DEFAULT_PAYMENT_DAYS, 'day').toDate(),
        sourceDocumentId: source.id,
      });
      source.derivedDocumentIds = [...source.derivedDocumentIds, derived.id];
      source.updatedAt = issuedAt;
      this.events.record(em, organizationId, 'document.updated', documentEventData(source));
      return derived;
    });
  }
}
