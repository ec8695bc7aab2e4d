import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { LockMode } from '@mikro-orm/core';
import { czechDate, type Clock } from '../../core/clock';
import { authed, type DeferredCredential, type RequestContext } from '../../core/ctx';
import type { Orm } from '../../core/db/orm';
import { executePrepared, prepare } from '../../core/db/prepared-statement';
import { AppError, toAppError, UnauthorizedError } from '../../core/errors';
import { generateToken } from '../../core/secrets';
import { parseInput, validationFailed } from '../../core/validation';
import { Document } from '../documents/document.entity';
import { DocumentHistoryEntry } from '../documents/document-history';
import { documentEventData } from '../documents/document.events';
import { PUBLIC_TOKEN_PREFIX, variableSymbolOf } from '../documents/documents.service';
import type { EventOutbox } from '../../core/outbox/event-outbox';
import type { DocumentEvents } from '../documents/documents.module';
import { Organization } from '../identity/organization.entity';
import type { PosIdempotency, PosOperation } from './pos-idempotency';
import { validateCreditNote, validateIssue, type IssueCommand } from './pos-rules';
import { deviceTokenHash, devicePrincipal, isDeviceTokenShaped } from './pos-device.verifier';
import {
  customerDetails,
  INSERT_RECEIPT_AS_DEVICE_SQL,
  INSERT_RECEIPTS_SQL,
  insertReceiptAsDeviceParams,
  insertReceiptsParams,
  prepareReceipt,
  receiptRecord,
  type PreparedReceipt,
  type ReceiptAsDeviceRow,
} from './pos-receipt-sql';
import type { PosTotals } from './pos-totals';
import { CancelWindowClosed, OriginalNotSynced, PosDocumentNotCancellable, PosNumberTaken } from './pos.errors';
import { batchInput, cancelInput, idempotencyKey } from './pos.inputs';
import {
  cancelRecord,
  creditNoteRecord,
  posDocumentRecord,
  type CancelRecord,
  type CreditNoteRecord,
  type PosAnswer,
  type PosDocumentRecord,
} from './pos.views';

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
const INSERT_RECEIPT_AS_DEVICE = prepare('pos_insert_receipt_as_device', INSERT_RECEIPT_AS_DEVICE_SQL);
const BOUND_KEY = prepare(
  'pos_bound_key',
  'SELECT document_id FROM pos_idempotency_keys WHERE device_id = ? AND operation = ? AND key = ?',
);
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
    private readonly events: EventOutbox<DocumentEvents>,
    private readonly keys: PosIdempotency,
    /** Its root EntityManager, for the connection pool only: a receipt's one statement needs no request fork. */
    private readonly orm: Orm,
  ) {}

  /**
   * A valid receipt is one named statement that also proves the register's token and touches its
   * lastUsedAt (see pos-receipt-sql): one round trip per receipt. A replay finds its key taken and
   * reads the bound document. An invalid body (or a token that cannot be a register's) is
   * authenticated the ordinary way first and then goes the ORM way, binding its key first, so a
   * replay still answers before validation and a 400 binds nothing.
   */
  async issue(
    ctx: RequestContext,
    device: DeferredCredential,
    key: string,
    body: unknown,
  ): Promise<PosAnswer<PosDocumentRecord>> {
    const input = validOrNull(body);
    if (!input || !isDeviceTokenShaped(device.token)) {
      await device.authenticate();
      const caller = callerOf(ctx);
      return numberClash(() => ctx.em.transactional((em) => this.issueIn(em, caller, key, body)), 'INVOICE', body);
    }
    const now = this.clock.now();
    const receipt = prepareReceipt(key, randomUUID(), input, now);
    const params = insertReceiptAsDeviceParams(deviceTokenHash(device.token), now, receipt);
    // A taken number fails the statement before it returns its row; only a valid token writes, so the token is then checked the ordinary way (which also touches lastUsedAt, rolled back with the statement).
    const [found] = await numberClash(
      () => executePrepared<ReceiptAsDeviceRow>(this.orm.em, INSERT_RECEIPT_AS_DEVICE, params),
      'INVOICE',
      body,
      () => device.authenticate(),
    );
    if (!found) throw new UnauthorizedError();
    await device.admit(devicePrincipal(found));
    if (found.bound) return { data: receiptRecord(receipt, found.id), replayed: false };
    const [row] = await executePrepared<{ document_id: string }>(ctx.em, BOUND_KEY, [found.id, 'issue', key]);
    return { data: posDocumentRecord(await ctx.em.findOneOrFail(Document, row.document_id)), replayed: true };
  }

  /**
   * One transaction for the whole batch. Valid entries whose key and number occur once in the batch
   * and are not yet taken are written together by one statement (under a savepoint); bound keys
   * replay from one lookup. Every other entry (invalid, repeated key or number, taken number, or a
   * race lost to a concurrent request) gets its own savepoint in input order, as before, so an
   * entry's failure undoes only that entry and binds nothing.
   */
  async issueBatch(ctx: RequestContext, body: unknown): Promise<BatchResult[]> {
    const { documents } = parseInput(batchInput, body);
    const caller = callerOf(ctx);
    const keys = documents.map((entry) => {
      const key = idempotencyKey.safeParse((entry as { idempotencyKey?: unknown } | null)?.idempotencyKey);
      return key.success ? key.data : null;
    });
    return ctx.em.transactional(async (outer) => {
      await this.keys.claimAll(
        outer,
        caller.deviceId,
        'issue',
        keys.filter((k): k is string => k !== null),
      );
      const results = new Map<number, BatchResult>();
      const now = this.clock.now();
      const candidates = batchCandidates(documents, keys);
      const replays = await this.boundKeys(
        outer,
        caller,
        [...candidates.values()].map((c) => c.key),
      );
      const taken = await takenNumbers(
        outer,
        caller.organizationId,
        [...candidates.values()].map((c) => c.input.number),
      );
      const fresh: { index: number; receipt: PreparedReceipt }[] = [];
      for (const [index, c] of candidates) {
        if (replays.has(c.key)) results.set(index, created(index, replays.get(c.key)!, true));
        else if (!taken.has(c.input.number))
          fresh.push({ index, receipt: prepareReceipt(c.key, randomUUID(), c.input, now) });
      }
      for (const { index, record } of await this.writeTogether(ctx, outer, caller, now, fresh))
        results.set(index, created(index, record, false));
      outer.clear();
      for (const [index, entry] of documents.entries()) {
        if (!results.has(index)) results.set(index, await this.issueOne(ctx, outer, caller, index, keys[index], entry));
      }
      return documents.map((_, index) => results.get(index)!);
    });
  }

  async cancel(ctx: RequestContext, key: string, body: unknown): Promise<PosAnswer<CancelRecord>> {
    const caller = callerOf(ctx);
    return ctx.em.transactional(async (em) => {
      const bound = await this.keys.claim(em, caller.deviceId, 'cancel', key);
      if (bound) return { data: cancelRecord(await em.findOneOrFail(Document, bound)), replayed: true };
      const input = parseInput(cancelInput, body);
      const doc = await em.findOne(
        Document,
        { organization: caller.organizationId, type: 'INVOICE', number: input.originalNumber },
        { lockMode: LockMode.PESSIMISTIC_WRITE },
      );
      if (!doc) {
        const creditNote = await em.count(Document, {
          organization: caller.organizationId,
          type: 'CREDIT_NOTE',
          number: input.originalNumber,
        });
        if (creditNote) throw new PosDocumentNotCancellable(input.originalNumber, 'it is a credit note');
        throw new OriginalNotSynced(input.originalNumber);
      }
      if (!doc.posDocumentKind) throw new PosDocumentNotCancellable(doc.number, 'it was not issued by a register');
      if (doc.status === 'CANCELLED') throw new PosDocumentNotCancellable(doc.number, 'it is already cancelled');
      if (doc.status !== 'PAID' && doc.status !== 'ISSUED')
        throw new PosDocumentNotCancellable(doc.number, `it is ${doc.status}`);
      const now = this.clock.now();
      const [issuedDay, today] = [czechDate(doc.issuedAt), czechDate(now)];
      if (issuedDay !== today) throw new CancelWindowClosed(issuedDay, today);
      const previousStatus = doc.status;
      Object.assign(doc, { status: 'CANCELLED', cancelledAt: input.canceledAt, updatedAt: now });
      em.persist(
        em.create(DocumentHistoryEntry, {
          organizationId: caller.organizationId,
          documentId: doc.id,
          action: 'POS_CANCEL',
          fromStatus: previousStatus,
          toStatus: 'CANCELLED',
          reason: input.reason ?? null,
          posDeviceId: caller.deviceId,
          createdAt: now,
        }),
      );
      this.events.record(em, caller.organizationId, 'document.status_changed', {
        ...documentEventData(doc),
        previousStatus,
      });
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
          original = await em.findOne(Document, {
            organization: caller.organizationId,
            type: 'INVOICE',
            number: input.originalNumber,
          });
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

  /** The fresh entries in one statement; if it fails on a taken number or a deadlock, none of them (they go one by one). */
  private async writeTogether(
    ctx: RequestContext,
    outer: EntityManager,
    caller: Caller,
    now: Date,
    fresh: { index: number; receipt: PreparedReceipt }[],
  ) {
    if (!fresh.length) return [];
    try {
      const rows = await outer.transactional((em) =>
        em.execute<{ key: string }[]>(
          INSERT_RECEIPTS_SQL,
          insertReceiptsParams(
            caller,
            now,
            fresh.map((f) => f.receipt),
          ),
        ),
      );
      const bound = new Set(rows.map((r) => r.key));
      return fresh
        .filter((f) => bound.has(f.receipt.key))
        .map((f) => ({ index: f.index, record: receiptRecord(f.receipt, caller.deviceId) }));
    } catch (err) {
      // A number taken meanwhile, or a deadlock with a concurrent writer of the same numbers: the entries then go one by one, as before.
      if (!isUniqueViolation(err) && (err as { code?: unknown }).code !== '40P01') throw err;
      ctx.log.debug(
        { entries: fresh.length, code: (err as { code?: unknown }).code },
        'batch: entries written together failed, they go one by one',
      );
      return [];
    }
  }

  /** One entry in its own savepoint (the ORM way): replays, invalid entries and conflicts. */
  private async issueOne(
    ctx: RequestContext,
    outer: EntityManager,
    caller: Caller,
    index: number,
    key: string | null,
    entry: unknown,
  ): Promise<BatchResult> {
    try {
      if (key === null)
        throw validationFailed([
          {
            path: 'idempotencyKey',
            message: 'is required in every entry (a non-empty string of at most 200 characters)',
          },
        ]);
      const answer = await numberClash(
        () => outer.transactional((em) => this.issueIn(em, caller, key, entry), { clear: true }),
        'INVOICE',
        entry,
      );
      return created(index, answer.data, answer.replayed);
    } catch (err) {
      const e = toAppError(err);
      if (e.status >= 500) ctx.log.error({ err, index }, 'batch entry failed');
      return { index, status: 'ERROR', document: null, error: e.message, code: e.code, httpStatus: e.status };
    } finally {
      // Each entry is flushed when its savepoint is released; keeping it managed would make every later flush longer.
      outer.clear();
    }
  }

  /** The documents already bound to these keys, as their records. */
  private async boundKeys(em: EntityManager, caller: Caller, keys: string[]): Promise<Map<string, PosDocumentRecord>> {
    if (!keys.length) return new Map();
    const rows = await em.execute<{ key: string; document_id: string }[]>(
      `SELECT key, document_id FROM pos_idempotency_keys WHERE device_id = ? AND operation = 'issue' AND key IN (SELECT jsonb_array_elements_text(?::jsonb))`,
      [caller.deviceId, JSON.stringify(keys)],
    );
    if (!rows.length) return new Map();
    const docs = new Map(
      (await em.find(Document, { id: { $in: rows.map((r) => r.document_id) } })).map((d) => [
        d.id,
        posDocumentRecord(d),
      ]),
    );
    return new Map(rows.map((r) => [r.key, docs.get(r.document_id)!]));
  }

  /**
   * The key is bound first (a replay stops there, before validation); the unique index on
   * (organization, type, number) then refuses a taken number, which `numberClash` turns into 409.
   */
  private async issueIn(
    em: EntityManager,
    caller: Caller,
    key: string,
    body: unknown,
  ): Promise<PosAnswer<PosDocumentRecord>> {
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

function callerOf(ctx: RequestContext): Caller {
  const { principal } = authed(ctx);
  return { organizationId: principal.organization.id, deviceId: principal.attributes.deviceId };
}

async function assertNumberFree(
  em: EntityManager,
  organizationId: string,
  type: 'INVOICE' | 'CREDIT_NOTE',
  number: string,
): Promise<void> {
  const taken = await em.execute('SELECT 1 FROM documents WHERE organization_id = ? AND type = ? AND number = ?', [
    organizationId,
    type,
    number,
  ]);
  if (taken.length) throw new PosNumberTaken(type, number);
}

/** Two registers racing for one number: the unique index lets one commit; the other gets the domain 409 (after `first`, if given). */
async function numberClash<T>(
  run: () => Promise<T>,
  type: 'INVOICE' | 'CREDIT_NOTE',
  body: unknown,
  first?: () => Promise<unknown>,
): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof AppError || !isUniqueViolation(err)) throw err;
    await first?.();
    throw new PosNumberTaken(type, String((body as { number?: unknown } | null)?.number ?? ''));
  }
}

/** A body that passes SPEC 4.5, or null (the caller then takes the path that reports why). */
function validOrNull(body: unknown): IssueCommand | null {
  try {
    return validateIssue(body);
  } catch (err) {
    if (err instanceof AppError) return null;
    throw err;
  }
}

/** Entries that can be written together: a valid body, and a key and number no other entry of the batch has. */
function batchCandidates(
  documents: readonly unknown[],
  keys: readonly (string | null)[],
): Map<number, { key: string; input: IssueCommand }> {
  const keyCount = new Map<string, number>();
  for (const k of keys) if (k !== null) keyCount.set(k, (keyCount.get(k) ?? 0) + 1);
  const valid = new Map<number, { key: string; input: IssueCommand }>();
  for (const [index, entry] of documents.entries()) {
    const key = keys[index];
    if (key === null || keyCount.get(key)! > 1) continue;
    const input = validOrNull(entry);
    if (input) valid.set(index, { key, input });
  }
  const numberCount = new Map<string, number>();
  for (const c of valid.values()) numberCount.set(c.input.number, (numberCount.get(c.input.number) ?? 0) + 1);
  for (const [index, c] of valid) if (numberCount.get(c.input.number)! > 1) valid.delete(index);
  return valid;
}

async function takenNumbers(em: EntityManager, organizationId: string, numbers: string[]): Promise<Set<string>> {
  if (!numbers.length) return new Set();
  const rows = await em.execute<{ number: string }[]>(
    `SELECT number FROM documents WHERE organization_id = ? AND type = 'INVOICE' AND number IN (SELECT jsonb_array_elements_text(?::jsonb))`,
    [organizationId, JSON.stringify(numbers)],
  );
  return new Set(rows.map((r) => r.number));
}

function created(index: number, document: PosDocumentRecord, replayed: boolean): BatchResult {
  return { index, status: replayed ? 'REPLAYED' : 'CREATED', document, error: null, code: null, httpStatus: null };
}
