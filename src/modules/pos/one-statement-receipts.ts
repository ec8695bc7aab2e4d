import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../../core/clock';
import type { Statement } from '../../core/db/sql';
import {
  newDocumentsPart,
  plannedDocumentRow,
  type DocumentFactory,
  type RegisterSale,
} from '../documents/documents.module';
import { insertReceipts, receiptsStatement } from './pos.queries';
import { posDocumentRecord, type PosDocumentRecord } from './pos.views';

/** A register's sale under its Idempotency-Key. */
export interface KeyedSale {
  key: string;
  sale: RegisterSale;
}

/**
 * The POS fast path (docs/benchmarks.md, "Point of sale"): fresh receipts written by one statement
 * that binds each Idempotency-Key and, for the keys it bound, writes the document and its events.
 * Through the ORM a receipt is BEGIN, key, document, events, COMMIT (with the gate's token lookup,
 * 6 round trips against 2 here), which reached 13 % of the raw baseline where the target is 40 %.
 * What is written still comes from the documents module: its factory plans each sale (kind and paid
 * rules, public token, events) and its part of the statement writes them by the entity's own
 * columns. The ORM way answers everything else: replays, invalid bodies, entries that need their own
 * savepoint.
 */
export class OneStatementReceipts {
  /** Made on first use: the documents columns come from the ORM's metadata. */
  private statement: Statement | null = null;

  constructor(
    private readonly clock: Clock,
    private readonly factory: DocumentFactory,
  ) {}

  /**
   * Writes the sales whose keys are free, in `em`'s transaction if it has one (else the statement is
   * its own); a bound key writes nothing. Returns the records of those written, by key. A taken
   * number fails the statement (23505): nothing is written.
   */
  async write(
    em: EntityManager,
    owner: { organizationId: string; deviceId: string },
    sales: readonly KeyedSale[],
  ): Promise<Map<string, PosDocumentRecord>> {
    const planned = sales.map(({ key, sale }) => ({ key, plan: this.factory.planRegisterSale(sale) }));
    this.statement ??= receiptsStatement((source) => newDocumentsPart(em, source));
    const rows = planned.map(({ key, plan }) => ({ key, ...plannedDocumentRow(em, plan) }));
    const bound = await insertReceipts(em, this.statement, owner, this.clock.now(), rows);
    return new Map(
      planned.filter(({ key }) => bound.has(key)).map(({ key, plan }) => [key, posDocumentRecord(plan.fields)]),
    );
  }
}
