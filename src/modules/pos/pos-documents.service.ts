import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { LockMode } from '@mikro-orm/core';
import { czechDate, type Clock } from '../../core/clock';
import { authed, type RequestContext } from '../../core/ctx';
import { AppError, toAppError } from '../../core/errors';
import { generateToken } from '../../core/secrets';
import { parseInput, validationFailed } from '../../core/validation';
import { Document } from '../documents/document.entity';
import { documentEventData } from '../documents/document.events';
import { PUBLIC_TOKEN_PREFIX, variableSymbolOf } from '../documents/documents.service';
import type { EventOutbox } from '../events/event-outbox';
import { Organization } from '../identity/organization.entity';
import type { PosIdempotency, PosOperation } from './pos-idempotency';
import { validateCreditNote, validateIssue, type IssueCommand } from './pos-rules';
import type { PosTotals } from './pos-totals';
import { CancelWindowClosed, OriginalNotSynced, PosDocumentNotCancellable, PosNumberTaken } from './pos.errors';
import { batchInput, cancelInput, idempotencyKey } from './pos.inputs';
import { cancelRecord, creditNoteRecord, posDocumentRecord, type CancelRecord, type CreditNoteRecord, type PosAnswer, type PosDocumentRecord } from './pos.views';

export interface BatchResult {
  index: number;
  status: 'CREATED' | 'REPLAYED' | 'ERROR';
  document: PosDocumentRecord | null;
  error: string | null;
  code: string | null;
  httpStatus: number | null;
}

interface Caller {
  organizationId: string;
  deviceId: string;
}

const PAID_KINDS = ['SIMPLIFIED', 'TAX_DOCUMENT', 'SALE_RECEIPT'];
const isUniqueViolation = (err: unknown) => (err as { code?: unknown } | null)?.code === '23505';

/**
 * What a register does (SPEC 4.5): issue receipts and invoices (alone or in a batch), cancel them on
 * their Czech issue day, issue credit notes. Every operation runs in one transaction that first
 * claims its (device, operation, key), so a repeated key answers the bound document and a failed
 * operation binds nothing. POS documents are ordinary `documents` rows.
 */
export class PosDocumentsService {
  constructor(
    private readonly clock: Clock,
    private readonly events: EventOutbox,
    private readonly keys: PosIdempotency,
  ) {}

  async issue(ctx: RequestContext, key: string, body: unknown): Promise<PosAnswer<PosDocumentRecord>> {
    const caller = callerOf(ctx);
    return numberClash(() => ctx.em.transactional((em) => this.issueIn(em, caller, key, body)), 'INVOICE', body);
  }

  /**
   * One transaction for the whole batch, a savepoint per entry: an entry's failure undoes only that
   * entry, and the batch costs one commit instead of a thousand.
   */
  async issueBatch(ctx: RequestContext, body: unknown): Promise<BatchResult[]> {
    const { documents } = parseInput(batchInput, body);
    const caller = callerOf(ctx);
    const keys = documents.flatMap((entry) => {
      const key = idempotencyKey.safeParse((entry as { idempotencyKey?: unknown } | null)?.idempotencyKey);
      return key.success ? [key.data] : [];
    });
    return ctx.em.transactional(async (outer) => {
      await this.keys.claimAll(outer, caller.deviceId, 'issue', keys);
      const results: BatchResult[] = [];
      for (const [index, entry] of documents.entries()) {
        try {
          const parsedKey = idempotencyKey.safeParse((entry as { idempotencyKey?: unknown } | null)?.idempotencyKey);
          if (!parsedKey.success) throw validationFailed([{ path: 'idempotencyKey', message: 'is required in every entry (a non-empty string of at most 200 characters)' }]);
          const key = parsedKey.data;
          const answer = await numberClash(() => outer.transactional((em) => this.issueIn(em, caller, key, entry), { clear: true }), 'INVOICE', entry);
          results.push({ index, status: answer.replayed ? 'REPLAYED' : 'CREATED', document: answer.data, error: null, code: null, httpStatus: null });
        } catch (err) {
          const e = toAppError(err);
          if (e.status >= 500) ctx.log.error({ err, index }, 'batch entry failed');
          results.push({ index, status: 'ERROR', document: null, error: e.message, code: e.code, httpStatus: e.status });
        }
        // Each entry is flushed when its savepoint is released; keeping it managed would make every later flush longer.
        outer.clear();
      }
      return results;
    });
  }

  async cancel(ctx: RequestContext, key: string, body: unknown): Promise<PosAnswer<CancelRecord>> {
    const caller = callerOf(ctx);
    return ctx.em.transactional(async (em) => {
      const bound = await this.keys.claim(em, caller.deviceId, 'cancel', key);
      if (bound) return { data: cancelRecord(await em.findOneOrFail(Document, bound)), replayed: true };
      const input = parseInput(cancelInput, body);
      const doc = await em.findOne(Document, { organization: caller.organizationId, type: 'INVOICE', number: input.originalNumber }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!doc) {
        const creditNote = await em.count(Document, { organization: caller.organizationId, type: 'CREDIT_NOTE', number: input.originalNumber });
        if (creditNote) throw new PosDocumentNotCancellable(input.originalNumber, 'it is a credit note');
        throw new OriginalNotSynced(input.originalNumber);
      }
      if (!doc.posDocumentKind) throw new PosDocumentNotCancellable(doc.number, 'it was not issued by a register');
      if (doc.status === 'CANCELLED') throw new PosDocumentNotCancellable(doc.number, 'it is already cancelled');
      if (doc.status !== 'PAID' && doc.status !== 'ISSUED') throw new PosDocumentNotCancellable(doc.number, `it is ${doc.status}`);
      const now = this.clock.now();
      const [issuedDay, today] = [czechDate(doc.issuedAt), czechDate(now)];
      if (issuedDay !== today) throw new CancelWindowClosed(issuedDay, today);
      const previousStatus = doc.status;
      Object.assign(doc, { status: 'CANCELLED', cancelledAt: input.canceledAt, updatedAt: now });
      await em.execute(
        'INSERT INTO document_history (id, organization_id, document_id, action, from_status, to_status, reason, pos_device_id, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
        [randomUUID(), caller.organizationId, doc.id, 'POS_CANCEL', previousStatus, 'CANCELLED', input.reason ?? null, caller.deviceId, now],
      );
      this.events.record(em, caller.organizationId, 'document.status_changed', { ...documentEventData(doc), previousStatus });
      await em.flush();
      await this.keys.bind(em, caller.organizationId, caller.deviceId, 'cancel', key, doc.id);
      return { data: cancelRecord(doc), replayed: false };
    });
  }

  async issueCreditNote(ctx: RequestContext, key: string, body: unknown): Promise<PosAnswer<CreditNoteRecord>> {
    const caller = callerOf(ctx);
    const created = () =>
      ctx.em.transactional(async (em) => {
        const bound = await this.keys.claim(em, caller.deviceId, 'credit-note', key);
        if (bound) return { data: creditNoteRecord(await em.findOneOrFail(Document, bound)), replayed: true };
        const input = validateCreditNote(body);
        let original: Document | null = null;
        if (input.originalNumber) {
          original = await em.findOne(Document, { organization: caller.organizationId, type: 'INVOICE', number: input.originalNumber });
          if (!original) throw new OriginalNotSynced(input.originalNumber);
        }
        await assertNumberFree(em, caller.organizationId, 'CREDIT_NOTE', input.number);
        const doc = this.newDocument(em, caller, {
          type: 'CREDIT_NOTE',
          status: 'ISSUED',
          number: input.number,
          issuedAt: input.issuedAt,
          dueAt: input.issuedAt,
          totals: input.totals,
          clientName: original ? original.clientName : (input.customer?.name ?? null),
          customerDetails: original ? original.customerDetails : customerDetails(input.customer),
          correctedDocumentId: original?.id ?? null,
          creditNoteReason: input.reason,
        });
        this.events.record(em, caller.organizationId, 'document.created', documentEventData(doc));
        await em.flush();
        await this.keys.bind(em, caller.organizationId, caller.deviceId, 'credit-note', key, doc.id);
        return { data: creditNoteRecord(doc), replayed: false };
      });
    return numberClash(created, 'CREDIT_NOTE', body);
  }

  /**
   * The key is bound first (a replay stops there, before validation); the unique index on
   * (organization, type, number) then refuses a taken number, which `numberClash` turns into 409.
   */
  private async issueIn(em: EntityManager, caller: Caller, key: string, body: unknown): Promise<PosAnswer<PosDocumentRecord>> {
    const id = randomUUID();
    const bound = await this.keys.bindFirst(em, caller.organizationId, caller.deviceId, 'issue', key, id);
    if (bound) return { data: posDocumentRecord(await em.findOneOrFail(Document, bound)), replayed: true };
    const input = validateIssue(body);
    const doc = this.newDocument(em, caller, issuedFields(input), id);
    this.events.record(em, caller.organizationId, 'document.created', documentEventData(doc));
    if (doc.status === 'PAID') this.events.record(em, caller.organizationId, 'document.paid', documentEventData(doc));
    await em.flush();
    return { data: posDocumentRecord(doc), replayed: false };
  }

  private newDocument(em: EntityManager, caller: Caller, f: DocumentFields, id: string = randomUUID()): Document {
    const now = this.clock.now();
    const paid = f.status === 'PAID';
    const total = f.totals.total.toFixed(2);
    return em.create(Document, {
      id,
      organization: em.getReference(Organization, caller.organizationId),
      type: f.type,
      status: f.status,
      number: f.number,
      variableSymbol: f.variableSymbol ?? null,
      contact: null,
      clientName: f.clientName,
      customerDetails: f.customerDetails,
      departmentId: null,
      currency: 'CZK',
      items: f.totals.items,
      subtotal: f.totals.subtotal.toFixed(2),
      vatTotal: f.totals.vatTotal.toFixed(2),
      roundingAmount: f.totals.roundingAmount.toFixed(2),
      total,
      paidAmount: paid ? total : '0.00',
      autoPaidAmount: paid ? total : '0.00',
      statusBeforePaid: paid ? 'ISSUED' : null,
      paidAt: paid ? f.issuedAt : null,
      tags: [],
      note: f.note ?? null,
      issuedAt: f.issuedAt,
      dueAt: f.dueAt,
      publicToken: generateToken(PUBLIC_TOKEN_PREFIX),
      posDeviceId: caller.deviceId,
      posDocumentKind: f.kind ?? null,
      paymentMethod: f.paymentMethod ?? null,
      correctedDocumentId: f.correctedDocumentId ?? null,
      creditNoteReason: f.creditNoteReason ?? null,
      createdAt: now,
      updatedAt: now,
    });
  }
}

interface DocumentFields {
  type: 'INVOICE' | 'CREDIT_NOTE';
  status: 'PAID' | 'ISSUED';
  kind?: IssueCommand['kind'];
  number: string;
  issuedAt: Date;
  dueAt: Date;
  totals: PosTotals;
  clientName: string | null;
  customerDetails: Record<string, string | null> | null;
  variableSymbol?: string | null;
  paymentMethod?: string | null;
  note?: string | null;
  correctedDocumentId?: string | null;
  creditNoteReason?: string | null;
}

/** SPEC 2.6: paid kinds are paid at issue and due at issue; an INVOICE is due at dueAt and carries a variable symbol. */
function issuedFields(input: IssueCommand): DocumentFields {
  const invoice = input.kind === 'INVOICE';
  return {
    type: 'INVOICE',
    status: PAID_KINDS.includes(input.kind) ? 'PAID' : 'ISSUED',
    kind: input.kind,
    number: input.number,
    issuedAt: input.issuedAt,
    dueAt: invoice ? input.dueAt! : input.issuedAt,
    totals: input.totals,
    clientName: input.customer?.name ?? null,
    customerDetails: customerDetails(input.customer),
    variableSymbol: invoice ? variableSymbolOf(input.number) : null,
    paymentMethod: input.paymentMethod,
    note: input.note,
  };
}

function customerDetails(customer: IssueCommand['customer']): Record<string, string | null> | null {
  if (!customer) return null;
  const { name: _name, ...rest } = customer;
  return Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, v ?? null]));
}

function callerOf(ctx: RequestContext): Caller {
  const { principal } = authed(ctx);
  return { organizationId: principal.organization.id, deviceId: principal.attributes.deviceId };
}

async function assertNumberFree(em: EntityManager, organizationId: string, type: 'INVOICE' | 'CREDIT_NOTE', number: string): Promise<void> {
  const taken = await em.execute('SELECT 1 FROM documents WHERE organization_id = ? AND type = ? AND number = ?', [organizationId, type, number]);
  if (taken.length) throw new PosNumberTaken(type, number);
}

/** Two registers racing for one number: the unique index lets one commit; the other gets the domain 409. */
async function numberClash<T>(run: () => Promise<T>, type: 'INVOICE' | 'CREDIT_NOTE', body: unknown): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof AppError || !isUniqueViolation(err)) throw err;
    throw new PosNumberTaken(type, String((body as { number?: unknown } | null)?.number ?? ''));
  }
}
