import BigNumber from 'bignumber.js';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Principal } from '../../core/access';
import type { Clock } from '../../core/clock';
import { departmentCondition } from '../../core/departments';
import type { EventOutbox } from '../events/event-outbox';
import { MATCHABLE_STATUSES, MATCHABLE_TYPES, type DocumentPayments } from './document-payments';
import { paymentMatchedData, paymentUnmatchedData } from './payment.events';
import type { MatchStatus, Payment } from './payment.entity';

type MatchedStatus = Exclude<MatchStatus, 'UNMATCHED'>;

interface Candidate {
  id: string;
  number: string;
  currency: string;
  variable_symbol: string;
  remaining: string;
}

export type CandidatePool = Map<string, Candidate[]>;

/**
 * Links payments to documents and back, inside the caller's transaction: the payment row, its event
 * and the document's paid amount change together or not at all.
 */
export class PaymentMatcher {
  constructor(
    private readonly clock: Clock,
    private readonly events: EventOutbox,
    private readonly documents: DocumentPayments,
  ) {}

  /** `matchedByUserId` null with MANUAL_MATCHED: matched by an API key, which has no user. */
  async link(em: EntityManager, payment: Payment, document: { id: string; number: string }, status: MatchedStatus, matchedByUserId: string | null): Promise<void> {
    const now = this.clock.now();
    Object.assign(payment, {
      matchStatus: status,
      documentId: document.id,
      matchedAt: now,
      matchedByUserId,
      updatedAt: now,
    });
    this.events.record(em, payment.organization.id, 'payment.matched', paymentMatchedData(payment, document.number));
    await this.documents.applyPaymentChange(em, payment.organization.id, document.id, new BigNumber(payment.amount));
    await em.flush();
  }

  async unlink(em: EntityManager, payment: Payment): Promise<string> {
    const previousDocumentId = payment.documentId!;
    const now = this.clock.now();
    Object.assign(payment, { matchStatus: 'UNMATCHED', documentId: null, matchedAt: null, matchedByUserId: null, updatedAt: now });
    this.events.record(em, payment.organization.id, 'payment.unmatched', paymentUnmatchedData(payment, previousDocumentId));
    await this.documents.applyPaymentChange(em, payment.organization.id, previousDocumentId, new BigNumber(payment.amount).negated());
    await em.flush();
    return previousDocumentId;
  }

  /**
   * Locks, in id order, every document the new payments of an import could be matched to, before
   * any of them is matched: two imports touching the same documents queue instead of deadlocking,
   * and each sees the other's payments before comparing remaining amounts. Returns the candidates
   * by normalized variable symbol.
   */
  async lockCandidatesOf(em: EntityManager, payments: Payment[], principal: Pick<Principal, 'departmentIds'>): Promise<CandidatePool> {
    const symbols = [...new Set(payments.filter((p) => p.direction === 'IN').map((p) => normalizeSymbol(p.variableSymbol ?? '')))].filter(Boolean);
    const pool: CandidatePool = new Map();
    if (symbols.length === 0) return pool;
    for (const c of await this.lockCandidates(em, payments[0].organization.id, symbols, principal)) {
      const key = normalizeSymbol(c.variable_symbol);
      pool.set(key, [...(pool.get(key) ?? []), c]);
    }
    return pool;
  }

  /**
   * Matching on import: an incoming payment whose variable symbol names exactly one unpaid invoice or
   * proforma in the same currency whose remaining amount equals the payment. Ambiguous or partial
   * payments stay UNMATCHED for a person to decide. A matched document is paid in full and leaves
   * the pool.
   */
  async autoMatch(em: EntityManager, payment: Payment, pool: CandidatePool): Promise<boolean> {
    if (payment.direction !== 'IN') return false;
    const symbol = normalizeSymbol(payment.variableSymbol ?? '');
    const candidates = pool.get(symbol) ?? [];
    const exact = candidates.filter((c) => c.currency === payment.currency && new BigNumber(c.remaining).eq(payment.amount));
    if (exact.length !== 1) return false;
    await this.link(em, payment, exact[0], 'AUTO_MATCHED', null);
    pool.set(symbol, candidates.filter((c) => c !== exact[0]));
    return true;
  }

  /** Unpaid invoices and proformas with one of these (normalized) variable symbols, locked FOR UPDATE. */
  private async lockCandidates(em: EntityManager, organizationId: string, symbols: string[], principal: Pick<Principal, 'departmentIds'>): Promise<Candidate[]> {
    const list = (values: readonly unknown[]) => values.map(() => '?').join(', ');
    const scope = departmentCondition(principal, 'department_id');
    return em.execute<Candidate[]>(
      `SELECT id, number, currency, variable_symbol, (total - paid_amount)::text AS remaining
         FROM documents
        WHERE organization_id = ?
          AND status IN (${list(MATCHABLE_STATUSES)})
          AND type IN (${list(MATCHABLE_TYPES)})
          AND ltrim(variable_symbol, '0') IN (${list(symbols)})
          ${scope.sql}
        ORDER BY id
        FOR UPDATE`,
      [organizationId, ...MATCHABLE_STATUSES, ...MATCHABLE_TYPES, ...symbols, ...scope.params],
    );
  }
}

/** Banks pad variable symbols with zeros; 0000123 and 123 are the same symbol. */
export function normalizeSymbol(symbol: string): string {
  return symbol.replace(/^0+/, '');
}
