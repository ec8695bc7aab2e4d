import { reverseChargeOf } from './reverse-charge';
import type { Clock } from '../../core/clock';
import { CZ_TZ, dayjs } from '../../core/clock';
import { authed, type RequestContext } from '../../core/ctx';
import { parseInput } from '../../core/validation';
import type { EventOutbox } from '../../core/outbox/event-outbox';
import type { DocumentEvents } from './document.events';
import { documentEventData } from './document.events';
import type { Document } from './document.entity';
import type { CzkRates } from '../rates/rates.module';
import type { DocumentFactory } from './document-factory';
import { findVisibleDocument } from './document-scope';
import { convertInput } from './document.inputs';
import { CONVERSIONS, conversionsOf } from './conversion-pairs';
import { DocumentNotConvertible } from './documents.errors';
import { DEFAULT_PAYMENT_DAYS } from './documents.service';
import type { NumberingService } from './numbering';

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
    private readonly rates: CzkRates,
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
        language: source.language,
        reverseCharge: reverseChargeOf(source),
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
