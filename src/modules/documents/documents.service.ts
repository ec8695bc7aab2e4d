import BigNumber from 'bignumber.js';
import type { EntityManager } from '@mikro-orm/postgresql';
import { LockMode } from '@mikro-orm/core';
import { type Clock } from '../../core/clock';
import { authed, type RequestContext } from '../../core/ctx';
import { NotFoundError, ValidationError } from '../../core/errors';
import { isUuid } from '../../core/fields';
import { oneStatementWrite } from '../../core/idempotency/claim-context';
import { mapPage, paginate } from '../../core/pagination';
import { paginationInput, parseInput, type Page } from '../../core/validation';
import type { EventOutbox } from '../../core/outbox/event-outbox';
import type { ServicesOf } from '../../core/module';
import type { DocumentLanguage } from '../../core/languages';
import type { companyModule } from '../company/company.module';
import type { DocumentEvents } from './document.events';
import { Document } from './document.entity';
import { DocumentHistoryEntry, historyView, type DocumentHistoryView, type HistoryActor } from './document-history';
import { documentEventData } from './document.events';
import {
  createDocumentInput,
  listDocumentsQuery,
  totalsPreviewInput,
  transitionInput,
  updateDocumentInput,
  type CreateDocumentInput,
  type UpdateDocumentInput,
} from './document.inputs';
import { variableSymbolOf, type DocumentFactory } from './document-factory';
import { assertAdvanceKept, type Advances, type PaymentReceipt } from './advances';
import { CZK, czkAmounts } from './document-currency';
import type { CzkRates } from '../rates/rates.module';
import { isVersioned, type DocumentVersions, type DocumentVersionView } from './document-versions';
import type { DocumentLifecycle } from './document-lifecycle';
import { customerSnapshot } from './customer-snapshot';
import { documentListKey, documentListWhere } from './document-list-filter';
import { contactOf, departmentFor, findVisibleDocument } from './document-scope';
import { assertTransition } from './document-status';
import { DocumentLocked, DocumentLockedBySetting, DocumentNotDraft, TransitionNotAllowed } from './documents.errors';
import { computeTotals, vatSplit, type Totals, type VatRateTotals } from './document-totals';
import {
  assertReverseChargeCustomer,
  chargedItems,
  customerVatIdOf,
  rechargedItems,
  reverseChargeColumns,
  reverseChargeOf,
} from './reverse-charge';
import { PAYABLE_TYPES, type DocumentStatus, type DocumentType } from './document.types';
import { documentView, itemViews, type DocumentItemView, type DocumentView } from './document.views';
import { LISTED_REMINDERS } from './document-emails';
import { sentReminderView, type SentReminder } from './document-emails.queries';
import { documentRecord, visibleDocumentRecord } from './document-reads.queries';
import type { NumberingService } from './numbering';
import type { PrintableDocument } from './print/printed-document';
import { printableContent } from './document-versions';
import { assertAcceptable, assertValidityOf } from './quotes';
import type { ListViews } from '../savedviews/savedviews.module';

type CompanyService = ServicesOf<typeof companyModule>['company'];

/** What a document with these lines would total: the lines, the recapitulation per VAT rate and the sums. */
export interface TotalsPreview extends Totals {
  items: DocumentItemView[];
  vatRates: VatRateTotals[];
}

export const DEFAULT_PAYMENT_DAYS = 14;

/**
 * The due date of a new document given none: DEFAULT_PAYMENT_DAYS × 24 hours after its issue, the
 * instant `dayjs(issuedAt).tz(CZ_TZ).add(14, 'day')` always gave (it keeps the issue instant's offset,
 * test/unit/default-due.test.ts), without dayjs's time zone conversion: that was the costliest step of
 * POST /documents' own code (docs/benchmarks.md, "Issue 31 point 1").
 */
export function defaultDueAt(issuedAt: Date): Date {
  return new Date(issuedAt.getTime() + DEFAULT_PAYMENT_DAYS * 86_400_000);
}
/** Statuses whose content (items, customer, dates) may still change; tags and custom fields change in any status. */
const EDITABLE: readonly DocumentStatus[] = ['DRAFT', 'ISSUED', 'SENT'];

/** Documents: create (numbered from the series), list, read, edit, delete drafts, change status. */
export class DocumentsService {
  constructor(
    private readonly clock: Clock,
    private readonly events: EventOutbox<DocumentEvents>,
    private readonly numbering: NumberingService,
    private readonly lifecycle: DocumentLifecycle,
    private readonly factory: DocumentFactory,
    private readonly versioning: DocumentVersions,
    private readonly company: CompanyService,
    private readonly publicBaseUrl: string,
    private readonly rates: CzkRates,
    private readonly advances: Advances,
    private readonly views: ListViews,
  ) {}

  /** What follows when an invoice becomes PAID through a payment, in its transaction (the payment thanks). */
  private paidByPayment: (em: EntityManager, doc: Document) => Promise<void> = async () => {};

  view(doc: Document): DocumentView {
    return documentView(doc, this.publicBaseUrl);
  }

  /** Names what follows a document becoming PAID through a payment (applyPaymentChange), in its transaction. */
  whenPaidByPayment(listener: (em: EntityManager, doc: Document) => Promise<void>): void {
    this.paidByPayment = listener;
  }

  async create(ctx: RequestContext, input: unknown): Promise<DocumentView> {
    const data = parseInput(createDocumentInput, input);
    if (data.status === 'PAID' && !PAYABLE_TYPES.includes(data.type)) {
      throw new ValidationError(`A ${data.type} cannot be created paid`, [
        { path: 'status', message: `PAID is only for ${PAYABLE_TYPES.join(', ')}` },
      ]);
    }
    assertValidityOf(data.type, data.validUntil);
    const { principal } = authed(ctx);
    const organizationId = principal.organization.id;
    const now = this.clock.now();
    const issuedAt = data.issuedAt ?? now;
    // Before the write: a rate not kept yet is fetched from ČNB.
    const exchangeRate = await this.rates.resolve({
      currency: data.currency ?? CZK,
      exchangeRate: data.exchangeRate,
      taxableSupplyAt: data.taxableSupplyDate ?? issuedAt,
    });
    // One write (the numbered statement): no transaction unless an Idempotency-Key claim must commit with it.
    const doc = await oneStatementWrite(ctx.em, async (em) =>
      this.build(
        em,
        organizationId,
        { ...data, issuedAt },
        exchangeRate,
        await departmentFor(em, principal, data.departmentId),
      ),
    );
    return this.view(doc);
  }

  /**
   * A document from a template another module keeps (a recurring series generates it): validated as
   * POST /documents validates its body, with no caller (no department), in the caller's `em` and
   * transaction, marked with `recurringSeriesId`. Records document.created as every new document does.
   */
  async createFromTemplate(
    em: EntityManager,
    organizationId: string,
    input: unknown,
    recurringSeriesId: string,
  ): Promise<{ id: string; number: string }> {
    const data = parseInput(createDocumentInput, input);
    const issuedAt = data.issuedAt ?? this.clock.now();
    const exchangeRate = await this.rates.resolve({
      currency: data.currency ?? CZK,
      exchangeRate: data.exchangeRate,
      taxableSupplyAt: data.taxableSupplyDate ?? issuedAt,
    });
    const doc = await this.build(em, organizationId, { ...data, issuedAt }, exchangeRate, null, recurringSeriesId);
    return { id: doc.id, number: doc.number };
  }

  /** The rules and defaults of a new document from a create body, written through the factory. */
  private async build(
    em: EntityManager,
    organizationId: string,
    data: CreateDocumentInput & { issuedAt: Date },
    exchangeRate: BigNumber,
    departmentId: string | null,
    recurringSeriesId: string | null = null,
  ): Promise<Document> {
    const { issuedAt } = data;
    const contact = data.contactId ? await contactOf(em, organizationId, data.contactId) : null;
    assertReverseChargeCustomer(data.reverseCharge ?? null, contact?.vatId);
    const items = chargedItems(data.items, data.reverseCharge);
    const totals = computeTotals(items);
    assertTotalAllowed(data.type, totals.total);
    const dueAt = data.dueAt ?? defaultDueAt(issuedAt);
    assertDates(issuedAt, dueAt);
    // The number last, in the statement writing the document: the series stays locked only until the commit.
    // Without a language given (or the contact's), that statement writes the company's (defaultLanguage's rule).
    return this.factory.createNumbered(
      em,
      (write) => this.numbering.allocateWith(em, organizationId, data.type, issuedAt, write),
      {
        organizationId,
        type: data.type,
        status: data.status,
        variableSymbol: data.variableSymbol ?? undefined,
        contact,
        clientName: data.clientName ?? contact?.name ?? null,
        departmentId,
        currency: data.currency,
        language: data.language ?? undefined,
        exchangeRate,
        items,
        ...totals,
        tags: data.tags,
        customFields: data.customFields,
        note: data.note,
        issuedAt,
        dueAt,
        taxableSupplyDate: data.taxableSupplyDate,
        reverseCharge: data.reverseCharge,
        validUntil: data.validUntil,
        recurringSeriesId,
      },
    );
  }

  /** The totals of lines being typed, computed as create and update compute them; nothing is stored. */
  previewTotals(input: unknown): TotalsPreview {
    const data = parseInput(totalsPreviewInput, input);
    const items = chargedItems(data.items, data.reverseCharge);
    return { items: itemViews({ items }), vatRates: vatSplit(items), ...computeTotals(items) };
  }

  async list(ctx: RequestContext, query: unknown): Promise<Page<DocumentView>> {
    const { limit, cursor, sort, ...q } = parseInput(listDocumentsQuery, await this.views.apply(ctx, query));
    const where = documentListWhere(authed(ctx).principal, q);
    const page = await paginate(ctx.em, Document, where, { limit, cursor, sort }, { key: documentListKey(q) });
    return mapPage(page, (d) => this.view(d));
  }

  async get(ctx: RequestContext, id: string): Promise<DocumentView> {
    return this.view(await this.find(ctx, id));
  }

  /**
   * GET /documents/:id: the document with the reminders sent about it, read in one statement (the ORM's
   * query building was about a third of the request's CPU) and shown from a plain record (hydrating the
   * entity was about a fifth; docs/benchmarks.md, issue 31 point 2).
   */
  async record(ctx: RequestContext, id: string): Promise<DocumentView & { reminders: SentReminder[] }> {
    if (!isUuid(id)) throw new NotFoundError('Document');
    const { principal } = authed(ctx);
    const scope = { organizationId: principal.organization.id, departmentIds: principal.departmentIds };
    const found = await visibleDocumentRecord(ctx.em, scope, id, LISTED_REMINDERS);
    if (!found) throw new NotFoundError('Document');
    return { ...this.view(documentRecord(ctx.em, found.row)), reminders: found.reminders.map(sentReminderView) };
  }

  /** A document's history, oldest first: status changes (with the person who made them) and a register's cancellation. */
  async history(ctx: RequestContext, id: string, query: unknown): Promise<Page<DocumentHistoryView>> {
    const page = parseInput(paginationInput, query);
    const doc = await this.find(ctx, id);
    return mapPage(
      await paginate(ctx.em, DocumentHistoryEntry, { organizationId: doc.organization.id, documentId: doc.id }, page),
      historyView,
    );
  }

  /** The versions of a document's content since issue, oldest first; none for a draft. */
  async versions(ctx: RequestContext, id: string, query: unknown): Promise<Page<DocumentVersionView>> {
    const page = parseInput(paginationInput, query);
    return this.versioning.list(ctx.em, await this.find(ctx, id), page);
  }

  /** Version `n` of a document the caller may see, to print; 404 otherwise. */
  async version(
    ctx: RequestContext,
    id: string,
    n: string,
  ): Promise<{ doc: Document; content: PrintableDocument; at: Date }> {
    const doc = await this.find(ctx, id);
    const version = await this.versioning.find(ctx.em, doc, /^\d{1,9}$/.test(n) ? Number(n) : 0);
    return { doc, content: printableContent(version.content), at: version.createdAt };
  }

  /** The entity of a document the caller may see (for printing); 404 otherwise. */
  async find(ctx: RequestContext, id: string): Promise<Document> {
    return findVisibleDocument(ctx.em, ctx, id);
  }

  async update(ctx: RequestContext, id: string, input: unknown): Promise<DocumentView> {
    const data = parseInput(updateDocumentInput, input);
    const doc = await ctx.em.transactional(async (em) => {
      const doc = await findVisibleDocument(em, ctx, id, true);
      const given = Object.keys(data).filter((k) => data[k as keyof UpdateDocumentInput] !== undefined);
      const contentGiven = given.some((k) => k !== 'tags' && k !== 'customFields');
      if (contentGiven) await this.assertContentEditable(em, doc);
      if (given.length === 0) return doc;
      const before = isVersioned(doc) ? await this.versioning.contentNow(em, doc) : null;
      await this.applyChanges(em, ctx, doc, data);
      const now = this.clock.now();
      if (before) await this.versioning.recordChange(em, doc, before, authed(ctx).principal.userId, now);
      doc.updatedAt = now;
      this.events.record(em, doc.organization.id, 'document.updated', documentEventData(doc));
      return doc;
    });
    return this.view(doc);
  }

  /**
   * Content changes only in DRAFT, ISSUED and SENT, and only in DRAFT when the company locks issued
   * documents (corrections then go through credit notes), and not in a proforma with advance tax
   * documents. An issued credit note of an invoice keeps its content: the invoice's creditedAmount is its total (a further correction is another credit note).
   */
  private async assertContentEditable(em: EntityManager, doc: Document): Promise<void> {
    if (!EDITABLE.includes(doc.status) || (doc.correctedDocumentId && doc.status !== 'DRAFT'))
      throw new DocumentLocked(doc.status);
    // A proforma's advance tax documents split their VAT by its lines: those lines stay (advances.ts).
    if (doc.advanceDocuments.length) throw new DocumentLocked(doc.status);
    if (doc.status !== 'DRAFT' && (await this.company.profileOf(em, doc.organization.id)).lockIssuedDocuments)
      throw new DocumentLockedBySetting(doc.status);
  }

  /** Only drafts are deleted; document.deleted carries the last known state. */
  async delete(ctx: RequestContext, id: string): Promise<void> {
    await ctx.em.transactional(async (em) => {
      const doc = await findVisibleDocument(em, ctx, id, true);
      if (doc.status !== 'DRAFT') throw new DocumentNotDraft(doc.status);
      this.events.record(em, doc.organization.id, 'document.deleted', documentEventData(doc));
      em.remove(doc);
      await em.flush();
      await this.numbering.release(em, doc.organization.id, doc.type, doc.number, doc.issuedAt);
    });
  }

  async transition(ctx: RequestContext, id: string, input: unknown): Promise<DocumentView> {
    const { status: to } = parseInput(transitionInput, input);
    const doc = await ctx.em.transactional(async (em) => {
      const doc = await findVisibleDocument(em, ctx, id, true);
      await this.applyTransition(em, doc, to, { userId: authed(ctx).principal.userId });
      return doc;
    });
    return this.view(doc);
  }

  /**
   * An automation's STATUS_CHANGE, inside the run's transaction: the same state machine as a manual
   * change, and a history entry without a user (the rule is named in its reason).
   */
  async changeStatusByAutomation(
    em: EntityManager,
    organizationId: string,
    documentId: string,
    to: DocumentStatus,
    reason: string,
  ): Promise<{ from: DocumentStatus; to: DocumentStatus }> {
    const doc = await lockedDocument(em, organizationId, documentId);
    const from = doc.status;
    await this.applyTransition(em, doc, to, { userId: null, reason });
    return { from, to };
  }

  /** An automation's ADD_TAG: idempotent; document.updated only when the tag was not there yet. */
  async addTagByAutomation(
    em: EntityManager,
    organizationId: string,
    documentId: string,
    tag: string,
  ): Promise<{ added: boolean }> {
    const doc = await lockedDocument(em, organizationId, documentId);
    if (doc.tags.includes(tag)) return { added: false };
    doc.tags = [...doc.tags, tag];
    doc.updatedAt = this.clock.now();
    this.events.record(em, organizationId, 'document.updated', documentEventData(doc));
    return { added: true };
  }

  /** PAID goes through markPaidManually (the automatic payment), PAID → ISSUED through reopenPaid. */
  private async applyTransition(
    em: EntityManager,
    doc: Document,
    to: DocumentStatus,
    actor: HistoryActor,
  ): Promise<void> {
    assertTransition(doc.type, doc.status, to);
    assertCorrectionKept(doc, to);
    assertAdvanceKept(doc, to);
    if (to === 'ACCEPTED') assertAcceptable(doc, this.clock.now());
    // Issued: the customer as they are now stays on the document (customer-snapshot.ts).
    if (doc.status === 'DRAFT' && to !== 'CANCELLED' && doc.contact) {
      await em.populate(doc, ['contact']);
      doc.customerDetails = customerSnapshot(doc.contact);
    }
    if (to === 'PAID') this.lifecycle.markPaidManually(em, doc, actor);
    else if (doc.status === 'PAID' && to === 'ISSUED') this.lifecycle.reopenPaid(em, doc, to, actor);
    else this.lifecycle.changeStatus(em, doc, to, actor);
  }

  /**
   * Inside the caller's transaction: adds `delta` (may be negative) to paidAmount. Reaching total
   * moves the document to PAID (status_changed + document.paid events; remembers statusBeforePaid);
   * dropping below total reverts to statusBeforePaid (status_changed event). A bank payment (`receipt`)
   * received on a PROFORMA issues its advance tax document, taken back cancels it (advances.ts). Throws
   * NotFoundError when not in the organization. A document that became PAID here is handed to the
   * listener of whenPaidByPayment (the payment thanks). The caller flushes (its transaction commit does).
   */
  async applyPaymentChange(
    em: EntityManager,
    organizationId: string,
    documentId: string,
    delta: BigNumber,
    receipt?: PaymentReceipt,
  ): Promise<Document> {
    const doc = await lockedDocument(em, organizationId, documentId);
    const wasPaid = doc.status === 'PAID';
    this.lifecycle.applyPayment(em, doc, delta);
    if (doc.type === 'PROFORMA' && receipt) await this.advances.followPayment(em, doc, delta, receipt);
    if (!wasPaid && doc.status === 'PAID') await this.paidByPayment(em, doc);
    return doc;
  }

  private async applyChanges(
    em: EntityManager,
    ctx: RequestContext,
    doc: Document,
    data: UpdateDocumentInput,
  ): Promise<void> {
    const { principal } = authed(ctx);
    if (data.contactId !== undefined) {
      const contact = data.contactId === null ? null : await contactOf(em, principal.organization.id, data.contactId);
      doc.contact = contact;
      // An issued document takes the new customer's details as they are now (a draft reads them at issue).
      if (doc.status !== 'DRAFT') doc.customerDetails = contact && customerSnapshot(contact);
      if (contact && data.clientName === undefined) doc.clientName = contact.name;
    }
    await this.applyLanguage(em, doc, data);
    if (data.clientName !== undefined) doc.clientName = data.clientName;
    if (data.departmentId !== undefined) doc.departmentId = await departmentFor(em, principal, data.departmentId);
    if (data.currency !== undefined) doc.currency = data.currency;
    if (data.reverseCharge !== undefined) Object.assign(doc, reverseChargeColumns(data.reverseCharge));
    const reverseCharge = reverseChargeOf(doc);
    if (reverseCharge && (data.reverseCharge !== undefined || data.contactId !== undefined)) {
      await em.populate(doc, ['contact']);
      assertReverseChargeCustomer(reverseCharge, customerVatIdOf(doc));
    }
    const linesChanged = data.items !== undefined || data.reverseCharge !== undefined;
    if (linesChanged) {
      doc.items = data.items ? chargedItems(data.items, reverseCharge) : rechargedItems(doc.items, reverseCharge);
      Object.assign(doc, computeTotals(doc.items));
      assertTotalAllowed(doc.type, doc.total);
    }
    if (data.tags !== undefined) doc.tags = data.tags;
    if (data.customFields !== undefined) doc.customFields = data.customFields;
    if (data.issuedAt !== undefined) await this.moveIssueDate(em, doc, data.issuedAt);
    if (data.dueAt !== undefined) doc.dueAt = data.dueAt;
    if (data.taxableSupplyDate !== undefined) doc.taxableSupplyDate = data.taxableSupplyDate;
    if (data.variableSymbol !== undefined) doc.variableSymbol = data.variableSymbol;
    if (data.note !== undefined) doc.note = data.note;
    if (data.validUntil !== undefined) {
      assertValidityOf(doc.type, data.validUntil);
      doc.validUntil = data.validUntil;
    }
    assertDates(doc.issuedAt, doc.dueAt);
    const rateInputGiven = RATE_INPUTS.some((k) => data[k] !== undefined);
    if (rateInputGiven || linesChanged) await this.convertToCzk(doc, data, rateInputGiven);
  }

  /**
   * A draft moved into another numbering period (a year of a yearly series, a month of an {MM} mask)
   * takes the next number there, giving its old one back when it was the last; the variable symbol
   * follows unless it was set by hand. An issued document's number is final: it moves only within it.
   */
  private async moveIssueDate(em: EntityManager, doc: Document, issuedAt: Date): Promise<void> {
    const org = doc.organization.id;
    if (!(await this.numbering.keepsNumber(em, org, doc.type, doc.issuedAt, issuedAt))) {
      if (doc.status !== 'DRAFT')
        throw new ValidationError(`The number ${doc.number} belongs to the period the document was issued in`, [
          { path: 'issuedAt', message: 'an issued document cannot move into another numbering period' },
        ]);
      await this.numbering.release(em, org, doc.type, doc.number, doc.issuedAt);
      const number = await this.numbering.allocate(em, org, doc.type, issuedAt);
      if (doc.variableSymbol === variableSymbolOf(doc.number)) doc.variableSymbol = variableSymbolOf(number);
      doc.number = number;
    }
    doc.issuedAt = issuedAt;
  }

  /** The language of a document's PDF, public page and e-mail: its own, else the company's. */
  async languageOf(em: EntityManager, doc: Document): Promise<DocumentLanguage> {
    return doc.language ?? (await this.company.profileOf(em, doc.organization.id)).language;
  }

  /** A new document's language unless given: its contact's, else the company's (fixed from then on). */
  private async defaultLanguage(
    em: EntityManager,
    organizationId: string,
    contact: { language: DocumentLanguage | null } | null,
  ): Promise<DocumentLanguage> {
    return contact?.language ?? (await this.company.languageOf(em, organizationId));
  }

  /**
   * A draft's language: the one given, or its default again when null is given or its contact changes
   * (without a language); an issued document keeps its language (409 when one is given).
   */
  private async applyLanguage(em: EntityManager, doc: Document, data: UpdateDocumentInput): Promise<void> {
    if (data.language === undefined && data.contactId === undefined) return;
    if (doc.status !== 'DRAFT') {
      if (data.language !== undefined && data.language !== doc.language)
        throw new DocumentNotDraft(doc.status, 'language');
      return;
    }
    await em.populate(doc, ['contact']);
    doc.language = data.language ?? (await this.defaultLanguage(em, doc.organization.id, doc.contact));
  }

  /**
   * The CZK amounts again after a change of what they depend on. A new currency or date without an
   * exchangeRate takes the ČNB rate of the (new) taxable supply date; new items alone keep the rate.
   */
  private async convertToCzk(doc: Document, data: UpdateDocumentInput, rateInputGiven: boolean): Promise<void> {
    const rate =
      !rateInputGiven && doc.exchangeRate !== null
        ? new BigNumber(doc.exchangeRate)
        : await this.rates.resolve({
            currency: doc.currency,
            exchangeRate: data.exchangeRate,
            taxableSupplyAt: doc.taxableSupplyDate ?? doc.issuedAt,
          });
    Object.assign(doc, czkAmounts(doc.items, rate));
  }
}

/** The fields a document's exchange rate depends on. */
const RATE_INPUTS = ['currency', 'exchangeRate', 'issuedAt', 'taxableSupplyDate'] as const;

async function lockedDocument(em: EntityManager, organizationId: string, documentId: string): Promise<Document> {
  const doc = isUuid(documentId)
    ? await em.findOne(
        Document,
        { id: documentId, organization: organizationId },
        { lockMode: LockMode.PESSIMISTIC_WRITE },
      )
    : null;
  if (!doc) throw new NotFoundError('Document');
  return doc;
}

/**
 * An invoice with credit notes, and a credit note of an invoice, are not cancelled: the invoice's
 * creditedAmount and the VAT report count them together (a further correction is another credit note).
 */
function assertCorrectionKept(doc: Document, to: DocumentStatus): void {
  if (to !== 'CANCELLED') return;
  if (doc.correctedDocumentId)
    throw new TransitionNotAllowed(
      doc.status,
      to,
      `it corrects ${doc.correctedDocumentNumber ?? 'a document'}; issue another credit note instead`,
    );
  if (doc.creditNotes.length)
    throw new TransitionNotAllowed(doc.status, to, 'credit notes correct it; issue a credit note for the rest instead');
}

/** Only a credit note may total below zero; other documents correct mistakes with one. */
function assertTotalAllowed(type: DocumentType, total: string): void {
  if (type !== 'CREDIT_NOTE' && total.startsWith('-')) {
    throw new ValidationError('The total must not be negative; issue a credit note instead', [
      { path: 'items', message: 'total is negative' },
    ]);
  }
}

function assertDates(issuedAt: Date, dueAt: Date): void {
  if (dueAt < issuedAt)
    throw new ValidationError('dueAt must not be before issuedAt', [{ path: 'dueAt', message: 'before issuedAt' }]);
}
