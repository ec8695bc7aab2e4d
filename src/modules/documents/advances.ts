import BigNumber from 'bignumber.js';
import type { EntityManager } from '@mikro-orm/postgresql';
import { CZ_TZ, czechDate, dayjs, type Clock } from '../../core/clock';
import { authed, type RequestContext } from '../../core/ctx';
import { ValidationError } from '../../core/errors';
import type { ServicesOf } from '../../core/module';
import { parseInput } from '../../core/validation';
import type { EventOutbox } from '../../core/outbox/event-outbox';
import type { companyModule } from '../company/company.module';
import type { DocumentEvents } from './document.events';
import { documentEventData } from './document.events';
import { Document } from './document.entity';
import type { CzkRates } from '../rates/rates.module';
import type { DocumentFactory } from './document-factory';
import type { DocumentLifecycle } from './document-lifecycle';
import { findVisibleDocument } from './document-scope';
import { computeItem, computeTotals, money, vatSplit } from './document-totals';
import { finalInvoiceInput } from './document.inputs';
import type { AdvanceRef, DocumentItem, DocumentStatus } from './document.types';
import { ProformaNotSettleable, ProformaSettled, TransitionNotAllowed } from './documents.errors';
import type { NumberingService } from './numbering';

type CompanyService = ServicesOf<typeof companyModule>['company'];

/** A bank payment as the payments module hands it over with its amount (DocumentsService.applyPaymentChange). */
export interface PaymentReceipt {
  paymentId: string;
  receivedAt: Date;
}

const SETTLEABLE: readonly DocumentStatus[] = ['ISSUED', 'SENT', 'PAID'];
const DEFAULT_PAYMENT_DAYS = 14;
const ONE = new BigNumber(1);

/**
 * Proformas settled by advances (zálohová faktura, daňový doklad k přijaté platbě, vyúčtování; § 28
 * odst. 4 ZDPH). A proforma is no tax document. Each payment received on it makes a VAT payer issue
 * an ADVANCE_TAX_DOCUMENT for the amount received, on the day of receipt (its DUZP), the VAT split by
 * the proforma's rates in proportion. The final invoice repeats the proforma's lines and takes each
 * advance off with its own lines (negative base and VAT at each rate): its VAT is what the advances
 * did not tax, its total what is left to pay. A payment no advance tax document taxed (a non-payer's,
 * or a proforma marked PAID by hand) is taken off as one line "Uhrazeno zálohou" without VAT.
 */
export class Advances {
  constructor(
    private readonly clock: Clock,
    private readonly events: EventOutbox<DocumentEvents>,
    private readonly numbering: NumberingService,
    private readonly lifecycle: DocumentLifecycle,
    private readonly factory: DocumentFactory,
    private readonly company: CompanyService,
    private readonly rates: CzkRates,
  ) {}

  /**
   * Inside the payment's transaction, `proforma` locked and its paid amount already changed by
   * `delta`: a payment received issues its advance tax document (a VAT payer's), a payment taken
   * back cancels it. Once the final invoice exists its payments no longer change (409).
   */
  async followPayment(em: EntityManager, proforma: Document, delta: BigNumber, receipt: PaymentReceipt): Promise<void> {
    if (proforma.finalInvoiceId) throw new ProformaSettled(proforma.number, null);
    if (delta.gt(0)) await this.issueAdvance(em, proforma, delta, receipt);
    else await this.cancelAdvance(em, proforma, receipt.paymentId);
  }

  /**
   * The ADVANCE_TAX_DOCUMENT for `received` (at most what the proforma's advances have not covered
   * yet): issued and paid on the Prague day of receipt, which is its DUZP; one line per VAT rate of
   * the proforma, each the received amount's share of the proforma total at that rate (rounded to
   * hellers, the last rate taking the rest so the lines add up to the amount exactly), VAT carved
   * out of it: round2(gross × rate / (100 + rate)).
   */
  private async issueAdvance(
    em: EntityManager,
    proforma: Document,
    received: BigNumber,
    receipt: PaymentReceipt,
  ): Promise<void> {
    const organizationId = proforma.organization.id;
    if (!(await this.company.profileOf(em, organizationId)).vatPayer) return;
    const advanced = BigNumber.sum(0, ...proforma.advanceDocuments.map((a) => a.amount));
    const amount = BigNumber.min(received, new BigNumber(proforma.total).minus(advanced));
    if (amount.lte(0)) return;
    const day = dayjs.tz(czechDate(receipt.receivedAt), CZ_TZ).toDate();
    const items = advanceLines(proforma, amount);
    const exchangeRate = await this.rateOn(proforma, day);
    const number = await this.numbering.allocate(em, organizationId, 'ADVANCE_TAX_DOCUMENT', day);
    const advance = this.factory.create(em, {
      organizationId,
      type: 'ADVANCE_TAX_DOCUMENT',
      status: 'PAID',
      number,
      variableSymbol: proforma.variableSymbol,
      ...ofProforma(proforma),
      exchangeRate,
      items,
      ...computeTotals(items),
      issuedAt: day,
      dueAt: day,
      taxableSupplyDate: day,
      paidAt: receipt.receivedAt,
    });
    const ref = { id: advance.id, number, amount: advance.total, paymentId: receipt.paymentId };
    this.updated(em, proforma, { advanceDocuments: [...proforma.advanceDocuments, ref] });
  }

  /** A payment taken back (unmatched): its advance tax document is cancelled and leaves the proforma's list. */
  private async cancelAdvance(em: EntityManager, proforma: Document, paymentId: string): Promise<void> {
    const ref = proforma.advanceDocuments.find((a) => a.paymentId === paymentId);
    if (!ref) return;
    const advance = await em.findOneOrFail(Document, { id: ref.id, organization: proforma.organization.id });
    if (advance.status !== 'CANCELLED') this.lifecycle.changeStatus(em, advance, 'CANCELLED');
    this.updated(em, proforma, { advanceDocuments: proforma.advanceDocuments.filter((a) => a !== ref) });
  }

  /**
   * POST /documents/:id/final-invoice: the INVOICE settling an ISSUED, SENT or PAID proforma that has
   * received a payment (document.created, and document.paid when the advances cover it all). A
   * proforma not paid in full is archived (the final invoice asks for the rest); one final invoice per
   * proforma (409 PROFORMA_SETTLED).
   */
  async finalInvoice(ctx: RequestContext, proformaId: string, input: unknown): Promise<Document> {
    const data = parseInput(finalInvoiceInput, input ?? {});
    const now = this.clock.now();
    const issuedAt = data.issuedAt ?? now;
    const taxableSupplyDate = data.taxableSupplyDate ?? null;
    const organizationId = authed(ctx).principal.organization.id;
    return ctx.em.transactional(async (em) => {
      const proforma = await findVisibleDocument(em, ctx, proformaId, true);
      if (proforma.finalInvoiceId) {
        const existing = await em.findOne(Document, { id: proforma.finalInvoiceId });
        throw new ProformaSettled(proforma.number, existing?.number ?? null);
      }
      if (
        proforma.type !== 'PROFORMA' ||
        !SETTLEABLE.includes(proforma.status) ||
        !new BigNumber(proforma.paidAmount).gt(0)
      )
        throw new ProformaNotSettleable(proforma.type, proforma.status);
      const advances = await em.find(
        Document,
        { id: { $in: proforma.advanceDocuments.map((a) => a.id) }, organization: organizationId },
        { orderBy: { issuedAt: 'asc', number: 'asc' } },
      );
      const settled = settlement(proforma, advances);
      const items = [...proforma.items, ...settled.lines];
      const totals = computeTotals(items);
      const due = new BigNumber(totals.total);
      const dueAt =
        data.dueAt ?? (due.gt(0) ? dayjs(issuedAt).tz(CZ_TZ).add(DEFAULT_PAYMENT_DAYS, 'day').toDate() : issuedAt);
      if (dueAt < issuedAt)
        throw new ValidationError('dueAt must not be before issuedAt', [{ path: 'dueAt', message: 'before issuedAt' }]);
      const exchangeRate = await this.rates.resolve({
        currency: proforma.currency,
        exchangeRate: data.exchangeRate,
        taxableSupplyAt: taxableSupplyDate ?? issuedAt,
      });
      const invoice = this.factory.create(em, {
        organizationId,
        type: 'INVOICE',
        status: due.gt(0) ? 'ISSUED' : 'PAID',
        number: await this.numbering.allocate(em, organizationId, 'INVOICE', issuedAt),
        ...ofProforma(proforma),
        exchangeRate,
        items,
        ...totals,
        note: proforma.note,
        issuedAt,
        dueAt,
        taxableSupplyDate,
        settledAdvances: settled.refs,
      });
      this.updated(em, proforma, { finalInvoiceId: invoice.id });
      if (proforma.status !== 'PAID') this.lifecycle.changeStatus(em, proforma, 'ARCHIVED');
      return invoice;
    });
  }

  /**
   * The advance's CZK per unit: ČNB's on the day of receipt; when none can be had (ČNB unreachable, a
   * currency it does not quote) the proforma's own rate, so that a payment is never refused for it.
   */
  private async rateOn(proforma: Document, day: Date): Promise<BigNumber> {
    try {
      return await this.rates.resolve({ currency: proforma.currency, taxableSupplyAt: day });
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      return new BigNumber(proforma.exchangeRate ?? 1);
    }
  }

  private updated(em: EntityManager, proforma: Document, change: Partial<Document>): void {
    Object.assign(proforma, change, { updatedAt: this.clock.now() });
    this.events.record(em, proforma.organization.id, 'document.updated', documentEventData(proforma));
  }
}

/** What an advance tax document and a final invoice take from their proforma: its customer, currency, and it. */
function ofProforma(proforma: Document) {
  return {
    contact: proforma.contact,
    clientName: proforma.clientName,
    customerDetails: proforma.customerDetails,
    departmentId: proforma.departmentId,
    currency: proforma.currency,
    language: proforma.language,
    proformaId: proforma.id,
    proformaNumber: proforma.number,
  };
}

/**
 * The transitions advances keep out: an advance tax document follows its payment (it is only
 * archived), a proforma with a final invoice keeps its payments (it is only archived), a final
 * invoice is corrected by a credit note rather than cancelled, and a proforma with advance tax
 * documents is not cancelled (its payments are unmatched first).
 */
export function assertAdvanceKept(doc: Document, to: DocumentStatus): void {
  if (to === 'ARCHIVED') return;
  if (doc.type === 'ADVANCE_TAX_DOCUMENT')
    throw new TransitionNotAllowed(doc.status, to, 'an advance tax document follows its payment (unmatch it instead)');
  if (doc.finalInvoiceId)
    throw new TransitionNotAllowed(doc.status, to, 'the proforma is settled by its final invoice');
  if (to === 'CANCELLED' && doc.type === 'INVOICE' && doc.proformaId)
    throw new TransitionNotAllowed(
      doc.status,
      to,
      `it settles proforma ${doc.proformaNumber ?? ''}; correct it with a credit note instead`,
    );
  if (to === 'CANCELLED' && doc.advanceDocuments.length)
    throw new TransitionNotAllowed(
      doc.status,
      to,
      'advance tax documents were issued for its payments; unmatch them first',
    );
}

/** The lines of an advance of `amount` on the proforma: its share at each of the proforma's VAT rates. */
function advanceLines(proforma: Document, amount: BigNumber): DocumentItem[] {
  const rows = vatSplit(proforma.items).filter((r) => !new BigNumber(r.total).isZero());
  const total = new BigNumber(proforma.total);
  let left = amount;
  return rows.map((row, index) => {
    const gross = index === rows.length - 1 ? left : new BigNumber(money(amount.times(row.total).div(total)));
    left = left.minus(gross);
    return computeItem({
      name: `Přijatá platba k zálohové faktuře ${proforma.number}`,
      quantity: ONE,
      unit: '',
      unitPrice: gross,
      vatRate: new BigNumber(row.vatRate),
      priceIncludesVat: true,
    });
  });
}

/**
 * What the final invoice takes off: each advance tax document's lines negated ("Odpočet zálohy
 * ZD…", the same base and VAT at each rate), then what the proforma received beyond them, no more
 * than the proforma total, as one line without VAT ("Uhrazeno zálohou ZF…").
 */
function settlement(proforma: Document, advances: Document[]): { lines: DocumentItem[]; refs: AdvanceRef[] } {
  const kept = advances.filter((a) => a.status !== 'CANCELLED');
  const lines = kept.flatMap((a) => a.items.map((i) => deduction(`Odpočet zálohy ${a.number}`, i)));
  const refs: AdvanceRef[] = kept.map((a) => ({
    id: a.id,
    number: a.number,
    amount: money(new BigNumber(a.total)),
    paymentId: null,
  }));
  const taxed = BigNumber.sum(0, ...kept.map((a) => a.total));
  const untaxed = BigNumber.min(proforma.paidAmount, proforma.total).minus(taxed);
  if (untaxed.gt(0)) {
    const rest = money(untaxed);
    lines.push(
      deduction(`Uhrazeno zálohou ${proforma.number}`, { vatRate: '0', base: rest, vat: '0.00', total: rest }),
    );
    refs.push({ id: proforma.id, number: proforma.number, amount: rest, paymentId: null });
  }
  return { lines, refs };
}

function deduction(name: string, line: Pick<DocumentItem, 'vatRate' | 'base' | 'vat' | 'total'>): DocumentItem {
  const minus = (v: string) => money(new BigNumber(v).negated());
  return {
    name,
    quantity: '1',
    unit: '',
    unitPrice: minus(line.base),
    vatRate: line.vatRate,
    priceIncludesVat: false,
    base: minus(line.base),
    vat: minus(line.vat),
    total: minus(line.total),
  };
}
