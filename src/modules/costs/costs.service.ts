import { randomUUID } from 'node:crypto';
import BigNumber from 'bignumber.js';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { CZ_TZ, czechDate, dayjs, type Clock } from '../../core/clock';
import { czkAmounts, czkTotals, type CzkAmounts, type RateTotals } from '../../core/czk-amounts';
import { authed, orgId, type RequestContext } from '../../core/ctx';
import { NotFoundError, ValidationError } from '../../core/errors';
import { isUuid } from '../../core/fields';
import { mapPage, paginate } from '../../core/pagination';
import { parseInput, type Page } from '../../core/validation';
import { Contact } from '../contacts/contacts.module';
import {
  computeItem,
  computeTotals,
  vatSplit,
  type DocumentItem,
  type NumberingService,
} from '../documents/documents.module';
import type { CzkRates } from '../rates/rates.module';
import type { EventOutbox } from '../../core/outbox/event-outbox';
import type { CostEvents } from './cost.events';
import { Organization } from '../identity/identity.module';
import {
  attachmentsOf,
  keepAttachment,
  type AttachedFile,
  type ImportedParts,
  type PrintedAmounts,
} from './cost-attachments';
import { Cost } from './cost.entity';
import { costListWhere } from './cost-list-filter';
import { costEventData } from './cost.events';
import { KINDS_WITH_SUPPLIER_NUMBER, type SupplierSnapshot } from './cost.types';
import { CostHasPayments, CostNotOpen, DuplicateSupplierDocument } from './costs.errors';
import { createCostInput, listCostsQuery, updateCostInput, type UpdateCostInput } from './costs.inputs';
import { costView, type CostView } from './costs.views';
import type { ListViews } from '../savedviews/savedviews.module';

/** Where a cost confirmed from the inbox came from, and what the inbox does in the cost's transaction. */
export interface ReceivedOrigin {
  inboxItemId: string;
  file: AttachedFile;
  within: (em: EntityManager, costId: string) => Promise<void>;
}

const DEFAULT_PAYMENT_DAYS = 14;
const SUPPLIER_TYPES = ['SUPPLIER', 'BOTH'];
/** Changing these would change what the matched payments paid. */
const AMOUNT_FIELDS = ['items', 'currency', 'reverseCharge'] as const;
/** The fields a cost's exchange rate depends on: a received document takes the rate of its taxable supply date. */
const RATE_INPUTS = ['currency', 'exchangeRate', 'taxableSupplyDate'] as const;

/** Received costs: create (numbered from the COST series), list, read, edit while OPEN, cancel, delete. */
export class CostsService {
  constructor(
    private readonly clock: Clock,
    private readonly events: EventOutbox<CostEvents>,
    private readonly numbering: NumberingService,
    private readonly rates: CzkRates,
    private readonly views: ListViews,
  ) {}

  async create(ctx: RequestContext, input: unknown): Promise<CostView> {
    return this.record(ctx, input, null);
  }

  /**
   * A cost from an imported e-invoice: the same input, rules, numbering and event as create, with each
   * line's base and VAT as the file prints them (so the totals are the file's) and the file kept as the
   * cost's attachment in the same transaction.
   */
  async createImported(ctx: RequestContext, input: unknown, parts: ImportedParts): Promise<CostView> {
    return this.record(ctx, input, parts);
  }

  /** Checks a cost's input by create's rules without writing anything (400 naming the fields). */
  assertValidInput(input: unknown): void {
    parseInput(createCostInput, input);
  }

  /**
   * A cost confirmed from the costs inbox (issue 29): the same input, rules, numbering, VAT computed by
   * the server and event as create, with the inbox item's id on the cost (one cost per item) and its
   * file kept as the attachment. `within` runs in the cost's transaction (the inbox records the item
   * CONFIRMED there; throwing rolls the cost back).
   */
  async createReceived(ctx: RequestContext, input: unknown, origin: ReceivedOrigin): Promise<CostView> {
    return this.record(ctx, input, null, origin);
  }

  private async record(
    ctx: RequestContext,
    input: unknown,
    parts: ImportedParts | null,
    origin?: ReceivedOrigin,
  ): Promise<CostView> {
    const data = parseInput(createCostInput, input);
    const organizationId = orgId(ctx);
    const now = this.clock.now();
    const taxableSupplyDate = data.taxableSupplyDate ?? data.issuedAt;
    // Before the transaction: a rate not kept yet is fetched from ČNB.
    const exchangeRate = await this.rates.resolve({
      currency: data.currency,
      exchangeRate: data.exchangeRate,
      taxableSupplyAt: taxableSupplyDate,
    });
    const created = await rejectDuplicate(() =>
      ctx.em.fork().transactional(async (em) => {
        const supplier = await supplierOf(em, organizationId, data.supplierId);
        const items = data.items.map((item, i) => asPrinted(computeItem(item), parts?.printed[i]));
        const totals = computeTotals(items);
        assertNotNegative(totals.total);
        const receivedAt = data.receivedAt ?? now;
        const fields = {
          id: randomUUID(),
          organization: em.getReference(Organization, organizationId),
          kind: data.kind,
          status: 'OPEN' as const,
          supplierDocumentNumber: data.supplierDocumentNumber ?? null,
          supplierContact: supplier,
          supplier: snapshotOf(supplier),
          variableSymbol: data.variableSymbol ?? null,
          paymentAccount: data.paymentAccount ?? null,
          issuedAt: data.issuedAt,
          taxableSupplyDate,
          receivedAt,
          // The deduction cannot come before DUZP: a cost received earlier is claimed on DUZP.
          vatClaimDate:
            data.vatClaimDate ??
            (czechDate(receivedAt) < czechDate(taxableSupplyDate) ? taxableSupplyDate : receivedAt),
          dueAt: data.dueAt ?? dayjs(data.issuedAt).tz(CZ_TZ).add(DEFAULT_PAYMENT_DAYS, 'day').toDate(),
          currency: data.currency,
          items,
          ...totals,
          ...(printedCzk(vatSplit(items), parts, exchangeRate) ?? czkAmounts(vatSplit(items), exchangeRate)),
          reverseCharge: data.reverseCharge,
          taxDeductible: data.taxDeductible,
          tags: data.tags,
          note: data.note ?? null,
          inboxItemId: origin?.inboxItemId ?? null,
          paidAmount: '0.00',
          createdAt: now,
          updatedAt: now,
        };
        assertRules(fields);
        await assertNoDuplicate(em, organizationId, fields);
        const cost = em.create(Cost, {
          ...fields,
          number: await this.numbering.allocate(em, organizationId, 'COST', now),
        });
        this.events.record(em, organizationId, 'cost.created', costEventData(cost));
        const file = parts?.file ?? origin?.file;
        const attachments = file ? [keepAttachment(em, cost, file, now)] : [];
        if (origin) {
          await em.flush();
          await origin.within(em, cost.id);
        }
        return { cost, attachments };
      }),
    );
    return costView(created.cost, now, created.attachments);
  }

  /**
   * The id of the organization's cost of this supplier contact with this supplier document number, or
   * null: what a duplicate would collide with (the inbox flags it before confirmation).
   */
  async duplicateOf(
    em: EntityManager,
    organizationId: string,
    supplierContactId: string,
    supplierDocumentNumber: string,
  ): Promise<string | null> {
    const twin = await em.findOne(
      Cost,
      { organization: organizationId, supplierContact: supplierContactId, supplierDocumentNumber },
      { fields: ['id'] },
    );
    return twin?.id ?? null;
  }

  async list(ctx: RequestContext, query: unknown): Promise<Page<CostView>> {
    const { limit, cursor, sort, ...q } = parseInput(listCostsQuery, await this.views.apply(ctx, query));
    const now = this.clock.now();
    const where = costListWhere(authed(ctx).principal, q, now);
    const page = await paginate(ctx.em, Cost, where, { limit, cursor, sort });
    const attachments = await attachmentsOf(
      ctx.em,
      page.data.map((c) => c.id),
    );
    return mapPage(page, (c) => costView(c, now, attachments.get(c.id)));
  }

  async get(ctx: RequestContext, id: string): Promise<CostView> {
    return this.view(ctx.em, await findCost(ctx.em, orgId(ctx), id));
  }

  async update(ctx: RequestContext, id: string, input: unknown): Promise<CostView> {
    const data = parseInput(updateCostInput, input);
    const organizationId = orgId(ctx);
    const cost = await rejectDuplicate(() =>
      ctx.em.fork().transactional(async (em) => {
        const cost = await findCost(em, organizationId, id, true);
        if (cost.status !== 'OPEN') throw new CostNotOpen(cost.status);
        const given = (Object.keys(data) as (keyof UpdateCostInput)[]).filter((k) => data[k] !== undefined);
        if (given.length === 0) return cost;
        if (given.some((k) => (AMOUNT_FIELDS as readonly string[]).includes(k)) && !isZero(cost.paidAmount))
          throw new CostHasPayments('change its amounts');
        await applyChanges(em, organizationId, cost, data);
        if (given.some((k) => (RATE_INPUTS as readonly string[]).includes(k)) || data.items !== undefined)
          await this.convertToCzk(cost, data);
        assertRules(cost);
        if (data.supplierId !== undefined || data.supplierDocumentNumber !== undefined)
          await assertNoDuplicate(em, organizationId, cost);
        cost.updatedAt = this.clock.now();
        this.events.record(em, organizationId, 'cost.updated', costEventData(cost));
        return cost;
      }),
    );
    return this.view(ctx.em, cost);
  }

  /** OPEN without payments → CANCELLED; the number stays taken and the VAT reports leave it out. */
  async cancel(ctx: RequestContext, id: string): Promise<CostView> {
    const organizationId = orgId(ctx);
    const cost = await ctx.em.fork().transactional(async (em) => {
      const cost = await findCost(em, organizationId, id, true);
      if (cost.status !== 'OPEN') throw new CostNotOpen(cost.status);
      if (!isZero(cost.paidAmount)) throw new CostHasPayments('be cancelled');
      const now = this.clock.now();
      Object.assign(cost, { status: 'CANCELLED', cancelledAt: now, updatedAt: now });
      this.events.record(em, organizationId, 'cost.cancelled', costEventData(cost));
      return cost;
    });
    return this.view(ctx.em, cost);
  }

  /** Only a cost no payment is matched to; cost.deleted carries the last known state. */
  async delete(ctx: RequestContext, id: string): Promise<void> {
    const organizationId = orgId(ctx);
    await ctx.em.fork().transactional(async (em) => {
      const cost = await findCost(em, organizationId, id, true);
      if (!isZero(cost.paidAmount)) throw new CostHasPayments('be deleted');
      this.events.record(em, organizationId, 'cost.deleted', costEventData(cost));
      em.remove(cost);
      await em.flush();
      // Numbered when it was created (allocate at `now`).
      await this.numbering.release(em, organizationId, 'COST', cost.number, cost.createdAt);
    });
  }

  private async view(em: EntityManager, cost: Cost): Promise<CostView> {
    const attachments = await attachmentsOf(em, [cost.id]);
    return costView(cost, this.clock.now(), attachments.get(cost.id));
  }

  /**
   * The CZK amounts again after a change of what they depend on. A new currency or DUZP without an
   * exchangeRate takes the ČNB rate of the (new) taxable supply date; new items alone keep the rate.
   */
  private async convertToCzk(cost: Cost, data: UpdateCostInput): Promise<void> {
    const rateInputGiven = RATE_INPUTS.some((k) => data[k] !== undefined);
    const rate =
      !rateInputGiven && cost.exchangeRate !== null
        ? new BigNumber(cost.exchangeRate)
        : await this.rates.resolve({
            currency: cost.currency,
            exchangeRate: data.exchangeRate,
            taxableSupplyAt: cost.taxableSupplyDate,
          });
    Object.assign(cost, czkAmounts(vatSplit(cost.items), rate));
  }
}

/** A cost of the organization, optionally locked FOR UPDATE (em must then be in a transaction). */
export async function findCost(em: EntityManager, organizationId: string, id: string, lock = false): Promise<Cost> {
  const cost = isUuid(id)
    ? await em.findOne(Cost, { id, organization: organizationId }, lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {})
    : null;
  if (!cost) throw new NotFoundError('Cost');
  return cost;
}

async function supplierOf(em: EntityManager, organizationId: string, supplierId: string): Promise<Contact> {
  const contact = await em.findOne(Contact, { id: supplierId, organization: organizationId });
  if (!contact)
    throw new ValidationError('Unknown supplier', [
      { path: 'supplierId', message: 'no such contact in this organization' },
    ]);
  if (!SUPPLIER_TYPES.includes(contact.type)) {
    throw new ValidationError('The contact is not a supplier', [
      { path: 'supplierId', message: `must be a contact of type SUPPLIER or BOTH, not ${contact.type}` },
    ]);
  }
  return contact;
}

/** A line with the base and VAT its document prints (an imported e-invoice), else as computed. */
function asPrinted(item: DocumentItem, printed: PrintedAmounts | undefined): DocumentItem {
  if (!printed) return item;
  return {
    ...item,
    base: printed.base,
    vat: printed.vat,
    total: new BigNumber(printed.base).plus(printed.vat).toFixed(2),
  };
}

/** The CZK amounts an imported document states per rate, in the order of `split`; null when it does not name every rate. */
function printedCzk(split: RateTotals[], parts: ImportedParts | null, exchangeRate: BigNumber): CzkAmounts | null {
  const printed = parts?.printedCzk;
  if (!printed) return null;
  const rows: RateTotals[] = [];
  for (const { vatRate } of split) {
    const row = printed.find((r) => new BigNumber(r.vatRate).eq(vatRate));
    if (!row) return null;
    const [subtotal, vatTotal] = [new BigNumber(row.subtotal), new BigNumber(row.vatTotal)];
    rows.push({
      vatRate,
      subtotal: subtotal.toFixed(2),
      vatTotal: vatTotal.toFixed(2),
      total: subtotal.plus(vatTotal).toFixed(2),
    });
  }
  return czkTotals(rows, exchangeRate);
}

function snapshotOf(c: Contact): SupplierSnapshot {
  return {
    name: c.name,
    street: c.street,
    city: c.city,
    zip: c.zip,
    country: c.country,
    taxId: c.taxId,
    vatId: c.vatId,
  };
}

async function applyChanges(
  em: EntityManager,
  organizationId: string,
  cost: Cost,
  data: UpdateCostInput,
): Promise<void> {
  if (data.supplierId !== undefined) {
    cost.supplierContact = await supplierOf(em, organizationId, data.supplierId);
    cost.supplier = snapshotOf(cost.supplierContact);
  }
  if (data.items !== undefined) {
    cost.items = data.items.map(computeItem);
    Object.assign(cost, computeTotals(cost.items));
    assertNotNegative(cost.total);
  }
  const { supplierId: _supplier, items: _items, exchangeRate: _rate, ...plain } = data;
  for (const [key, value] of Object.entries(plain)) if (value !== undefined) Object.assign(cost, { [key]: value });
}

/** The rules every saved cost keeps, checked after defaults (create) or changes (update) are applied. */
function assertRules(
  cost: Pick<Cost, 'kind' | 'supplierDocumentNumber' | 'vatClaimDate' | 'taxableSupplyDate' | 'dueAt' | 'issuedAt'>,
): void {
  if (KINDS_WITH_SUPPLIER_NUMBER.includes(cost.kind) && cost.supplierDocumentNumber === null) {
    throw new ValidationError(`A ${cost.kind} needs the supplier's document number`, [
      { path: 'supplierDocumentNumber', message: `required for kind ${cost.kind}` },
    ]);
  }
  if (czechDate(cost.vatClaimDate) < czechDate(cost.taxableSupplyDate)) {
    throw new ValidationError('vatClaimDate must not be before taxableSupplyDate (DUZP)', [
      { path: 'vatClaimDate', message: 'before taxableSupplyDate' },
    ]);
  }
  if (czechDate(cost.dueAt) < czechDate(cost.issuedAt)) {
    throw new ValidationError('dueAt must not be before issuedAt', [{ path: 'dueAt', message: 'before issuedAt' }]);
  }
}

function assertNotNegative(total: string): void {
  if (total.startsWith('-'))
    throw new ValidationError('The total must not be negative', [{ path: 'items', message: 'total is negative' }]);
}

/** The common case answered before writing; a concurrent twin is caught by the unique index (rejectDuplicate). */
async function assertNoDuplicate(
  em: EntityManager,
  organizationId: string,
  cost: Pick<Cost, 'id' | 'supplierContact' | 'supplierDocumentNumber'>,
): Promise<void> {
  if (cost.supplierDocumentNumber === null) return;
  const twin = await em.count(Cost, {
    organization: organizationId,
    supplierContact: cost.supplierContact.id,
    supplierDocumentNumber: cost.supplierDocumentNumber,
    id: { $ne: cost.id },
  });
  if (twin > 0) throw new DuplicateSupplierDocument();
}

/** Two requests racing with one supplier document both pass assertNoDuplicate; the index refuses the second. */
async function rejectDuplicate<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    const e = err as { code?: string; constraint?: string; message?: string };
    if (
      e.code === '23505' &&
      (e.constraint === 'costs_supplier_document_unique' || e.message?.includes('costs_supplier_document_unique'))
    ) {
      throw new DuplicateSupplierDocument();
    }
    throw err;
  }
}

function isZero(amount: string): boolean {
  return new BigNumber(amount).isZero();
}
