import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { LockMode } from '@mikro-orm/core';
import { czechDate, type Clock } from '../../core/clock';
import { authed, type RequestContext } from '../../core/ctx';
import { AppError, toAppError } from '../../core/errors';
import { parseInput, validationFailed } from '../../core/validation';
import {
  Document,
  type CreditNotes,
  type DocumentFactory,
  type DocumentLifecycle,
  type RegisterSale,
} from '../documents/documents.module';
import type { OneStatementReceipts } from './one-statement-receipts';
import type { PosOperation } from './pos-idempotency-key.entity';
import type { KeyScope, PosIdempotency } from './pos-idempotency';
import { validateCreditNote, validateIssue, type IssueCommand } from './pos-rules';
import { CancelWindowClosed, OriginalNotSynced, PosDocumentNotCancellable, PosNumberTaken } from './pos.errors';
import { batchInput, cancelInput, idempotencyKey, type PosCustomer } from './pos.inputs';
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

/** What POS uses of the documents module: its one writer of new documents, its lifecycle and its credit notes. */
export interface PosDocumentWriters {
  factory: DocumentFactory;
  lifecycle: DocumentLifecycle;
  creditNotes: CreditNotes;
}

const isUniqueViolation = (err: unknown) => (err as { code?: unknown } | null)?.code === '23505';

/**
 * What a register does (SPEC 4.5): issue receipts and invoices (alone or in a batch), cancel them on
 * their Czech issue day, issue credit notes. Every operation runs in one transaction that first
 * claims its (device, operation, key), so a repeated key answers the bound document and a failed
 * operation binds nothing. POS documents are ordinary `documents` rows, written by the documents
 * module's factory and cancelled through its lifecycle.
 */
export class PosDocumentsService {
  constructor(
    private readonly clock: Clock,
    private readonly documents: PosDocumentWriters,
    private readonly keys: PosIdempotency,
    private readonly fastPath: OneStatementReceipts,
  ) {}

  /**
   * One receipt or invoice. A valid body with a free key is written by the fast path's one statement;
   * a replay or an invalid body goes the ORM way, where the key is bound first, so a replay answers
   * before validation and a 400 binds nothing. The unique index on (organization, type, number)
   * refuses a taken number (409) either way.
   */
  async issue(ctx: RequestContext, key: string, body: unknown): Promise<PosAnswer<PosDocumentRecord>> {
    const caller = callerOf(ctx);
    const input = validOrNull(body);
    if (input) {
      const sale = { key, sale: saleOf(caller, input) };
      const written = await numberClash(() => this.fastPath.write(ctx.em, caller, [sale]), 'INVOICE', body);
      const record = written.get(key);
      if (record) return { data: record, replayed: false };
    }
    return numberClash(() => ctx.em.transactional((em) => this.issueIn(em, caller, key, body)), 'INVOICE', body);
  }

  /**
   * One transaction for the whole batch. Valid entries whose key and number occur once in the batch
   * are written together by the fast path (under a savepoint); every other entry (invalid, repeated,
   * a replay, or all of them when a number is taken) gets its own savepoint in input order, so an
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
        scopeOf(caller, 'issue'),
        keys.filter((k): k is string => k !== null),
      );
      const together = await this.writeTogether(ctx, outer, caller, batchCandidates(documents, keys));
      const results: BatchResult[] = [];
      for (const [index, entry] of documents.entries())
        results.push(together.get(index) ?? (await this.issueOne(ctx, outer, caller, index, keys[index], entry)));
      return results;
    });
  }

  async cancel(ctx: RequestContext, key: string, body: unknown): Promise<PosAnswer<CancelRecord>> {
    const caller = callerOf(ctx);
    const scope = scopeOf(caller, 'cancel');
    return ctx.em.transactional(async (em) => {
      const bound = await this.keys.claim(em, scope, key);
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
      const [issuedDay, today] = [czechDate(doc.issuedAt), czechDate(this.clock.now())];
      if (issuedDay !== today) throw new CancelWindowClosed(issuedDay, today);
      this.documents.lifecycle.cancelAtRegister(em, doc, {
        posDeviceId: caller.deviceId,
        reason: input.reason ?? null,
        cancelledAt: input.canceledAt,
      });
      this.keys.bind(em, scope, key, doc.id);
      await em.flush();
      return { data: cancelRecord(doc), replayed: false };
    });
  }

  async issueCreditNote(ctx: RequestContext, key: string, body: unknown): Promise<PosAnswer<CreditNoteRecord>> {
    const caller = callerOf(ctx);
    const scope = scopeOf(caller, 'credit-note');
    const created = () =>
      ctx.em.transactional(async (em) => {
        const bound = await this.keys.claim(em, scope, key);
        if (bound) return { data: creditNoteRecord(await em.findOneOrFail(Document, bound)), replayed: true };
        const input = validateCreditNote(body);
        let original: Document | null = null;
        if (input.originalNumber) {
          original = await em.findOne(
            Document,
            { organization: caller.organizationId, type: 'INVOICE', number: input.originalNumber },
            { lockMode: LockMode.PESSIMISTIC_WRITE },
          );
          if (!original) throw new OriginalNotSynced(input.originalNumber);
        }
        const doc = this.documents.factory.create(em, {
          organizationId: caller.organizationId,
          posDeviceId: caller.deviceId,
          type: 'CREDIT_NOTE',
          status: 'ISSUED',
          number: input.number,
          variableSymbol: null,
          issuedAt: input.issuedAt,
          dueAt: input.issuedAt,
          ...amounts(input.totals),
          clientName: original ? original.clientName : (input.customer?.name ?? null),
          customerDetails: original ? original.customerDetails : customerDetails(input.customer),
          correctedDocumentId: original?.id ?? null,
          correctedDocumentNumber: original?.number ?? null,
          creditNoteReason: input.reason,
        });
        if (original) this.documents.creditNotes.credit(em, original, doc);
        this.keys.bind(em, scope, key, doc.id);
        await em.flush();
        return { data: creditNoteRecord(doc), replayed: false };
      });
    return numberClash(created, 'CREDIT_NOTE', body);
  }

  /** The candidates in one statement; if it fails on a taken number or a deadlock, none of them (they go one by one). */
  private async writeTogether(
    ctx: RequestContext,
    outer: EntityManager,
    caller: Caller,
    candidates: Map<number, { key: string; input: IssueCommand }>,
  ): Promise<Map<number, BatchResult>> {
    if (!candidates.size) return new Map();
    const sales = [...candidates.values()].map(({ key, input }) => ({ key, sale: saleOf(caller, input) }));
    try {
      const written = await outer.transactional((em) => this.fastPath.write(em, caller, sales));
      const results = new Map<number, BatchResult>();
      for (const [index, { key }] of candidates) {
        const record = written.get(key);
        if (record) results.set(index, created(index, record, false));
      }
      return results;
    } catch (err) {
      const code = (err as { code?: unknown } | null)?.code;
      if (code !== '23505' && code !== '40P01') throw err;
      ctx.log.debug({ entries: candidates.size, code }, 'batch: entries written together failed, they go one by one');
      return new Map();
    }
  }

  /** One batch entry in its own savepoint. */
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

  /** The key is bound first (a replay stops there, before validation), then the sale is written. */
  private async issueIn(
    em: EntityManager,
    caller: Caller,
    key: string,
    body: unknown,
  ): Promise<PosAnswer<PosDocumentRecord>> {
    const id = randomUUID();
    const bound = await this.keys.bindFirst(em, scopeOf(caller, 'issue'), key, id);
    if (bound) return { data: posDocumentRecord(await em.findOneOrFail(Document, bound)), replayed: true };
    const doc = this.documents.factory.createRegisterSale(em, { id, ...saleOf(caller, validateIssue(body)) });
    await em.flush();
    return { data: posDocumentRecord(doc), replayed: false };
  }
}

function callerOf(ctx: RequestContext): Caller {
  const { principal } = authed(ctx);
  return { organizationId: principal.organization.id, deviceId: principal.attributes.deviceId };
}

function created(index: number, document: PosDocumentRecord, replayed: boolean): BatchResult {
  return { index, status: replayed ? 'REPLAYED' : 'CREATED', document, error: null, code: null, httpStatus: null };
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
  const count = <T>(values: readonly T[]) => {
    const counts = new Map<T, number>();
    for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
    return counts;
  };
  const keyCount = count(keys);
  const valid = new Map<number, { key: string; input: IssueCommand }>();
  for (const [index, entry] of documents.entries()) {
    const key = keys[index];
    if (key === null || keyCount.get(key)! > 1) continue;
    const input = validOrNull(entry);
    if (input) valid.set(index, { key, input });
  }
  const numberCount = count([...valid.values()].map((c) => c.input.number));
  for (const [index, c] of valid) if (numberCount.get(c.input.number)! > 1) valid.delete(index);
  return valid;
}

function scopeOf(caller: Caller, operation: PosOperation): KeyScope {
  return { ...caller, operation };
}

function saleOf(caller: Caller, input: IssueCommand): RegisterSale {
  return {
    organizationId: caller.organizationId,
    posDeviceId: caller.deviceId,
    kind: input.kind,
    number: input.number,
    issuedAt: input.issuedAt,
    dueAt: input.dueAt,
    ...amounts(input.totals),
    clientName: input.customer?.name ?? null,
    customerDetails: customerDetails(input.customer),
    paymentMethod: input.paymentMethod,
    note: input.note,
  };
}

/** A POS document's lines and sums as the documents table keeps them (decimal strings, 2 places). */
function amounts(totals: IssueCommand['totals']) {
  return {
    items: totals.items,
    subtotal: totals.subtotal.toFixed(2),
    vatTotal: totals.vatTotal.toFixed(2),
    roundingAmount: totals.roundingAmount.toFixed(2),
    total: totals.total.toFixed(2),
  };
}

/** The customer's address and ids as the register sent them (its name is the document's clientName). */
function customerDetails(customer: PosCustomer | null): Record<string, string | null> | null {
  if (!customer) return null;
  return Object.fromEntries(
    Object.entries(customer)
      .filter(([field]) => field !== 'name')
      .map(([field, value]) => [field, value ?? null]),
  );
}

/** Two registers racing for one number: the unique index lets one commit; the other gets the domain 409. */
async function numberClash<T>(run: () => Promise<T>, type: 'INVOICE' | 'CREDIT_NOTE', body: unknown): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof AppError || !isUniqueViolation(err)) throw err;
    const number = (body as { number?: unknown } | null)?.number;
    throw new PosNumberTaken(type, typeof number === 'string' ? number : '');
  }
}
