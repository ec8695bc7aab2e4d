import BigNumber from 'bignumber.js';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Principal } from '../../core/access';
import type { Clock } from '../../core/clock';
import type { EventOutbox } from '../../core/outbox/event-outbox';
import type { ServicesOf } from '../../core/module';
import type { costsModule } from '../costs/costs.module';
import type { PaymentEvents } from './payment.events';
import { payableDocuments, type DocumentPayments, type DocumentReads } from './document-payments';
import {
  paymentCostMatchedData,
  paymentCostUnmatchedData,
  paymentMatchedData,
  paymentUnmatchedData,
} from './payment.events';
import type { MatchStatus, Payment } from './payment.entity';

type MatchedStatus = Exclude<MatchStatus, 'UNMATCHED'>;

/** The costs side of matching, from the costs module's manifest. */
export type CostPayments = ServicesOf<typeof costsModule>['costPayments'];

interface Candidate {
  id: string;
  number: string;
  currency: string;
  variable_symbol: string;
  remaining: string;
}

/** What a payment is matched to: an invoice or proforma (incoming money) or a received cost (outgoing money). */
export type MatchTargetRef = { kind: 'document' | 'cost'; id: string; number: string };

/** Candidates by normalized variable symbol: documents for incoming payments, costs for outgoing ones. */
export interface CandidatePool {
  documents: Map<string, Candidate[]>;
  costs: Map<string, Candidate[]>;
}

/**
 * Links payments to documents or costs and back, inside the caller's transaction: the payment row,
 * its event and the paid amount of what it pays change together or not at all.
 */
export class PaymentMatcher {
  constructor(
    private readonly clock: Clock,
    private readonly events: EventOutbox<PaymentEvents>,
    private readonly documents: DocumentPayments,
    private readonly reads: DocumentReads,
    private readonly costs: CostPayments,
  ) {}

  /** `matchedByUserId` null with MANUAL_MATCHED: matched by an API key, which has no user. */
  async link(
    em: EntityManager,
    payment: Payment,
    target: MatchTargetRef,
    status: MatchedStatus,
    matchedByUserId: string | null,
  ): Promise<void> {
    const now = this.clock.now();
    const organizationId = payment.organization.id;
    Object.assign(payment, {
      matchStatus: status,
      documentId: target.kind === 'document' ? target.id : null,
      costId: target.kind === 'cost' ? target.id : null,
      matchedAt: now,
      matchedByUserId,
      updatedAt: now,
    });
    const amount = new BigNumber(payment.amount);
    if (target.kind === 'cost') {
      this.events.record(em, organizationId, 'payment.matched', paymentCostMatchedData(payment, target));
      await this.costs.applyPaymentChange(em, organizationId, target.id, amount);
    } else {
      this.events.record(em, organizationId, 'payment.matched', paymentMatchedData(payment, target.number));
      await this.documents.applyPaymentChange(em, organizationId, target.id, amount, receiptOf(payment));
    }
    await em.flush();
  }

  async unlink(em: EntityManager, payment: Payment): Promise<void> {
    const organizationId = payment.organization.id;
    const { documentId, costId } = payment;
    const now = this.clock.now();
    Object.assign(payment, {
      matchStatus: 'UNMATCHED',
      documentId: null,
      costId: null,
      matchedAt: null,
      matchedByUserId: null,
      updatedAt: now,
    });
    const amount = new BigNumber(payment.amount).negated();
    if (costId) {
      const cost = await this.costs.lock(em, organizationId, costId);
      this.events.record(em, organizationId, 'payment.unmatched', paymentCostUnmatchedData(payment, cost));
      await this.costs.applyPaymentChange(em, organizationId, costId, amount);
    } else {
      this.events.record(em, organizationId, 'payment.unmatched', paymentUnmatchedData(payment, documentId!));
      await this.documents.applyPaymentChange(em, organizationId, documentId!, amount, receiptOf(payment));
    }
    await em.flush();
  }

  /**
   * Locks, in id order, every document (for incoming payments) and every cost (for outgoing ones)
   * the new payments of an import could be matched to, before any of them is matched: two imports
   * touching the same rows queue instead of deadlocking, and each sees the other's payments before
   * comparing remaining amounts. Returns the candidates by normalized variable symbol.
   */
  async lockCandidatesOf(
    em: EntityManager,
    payments: Payment[],
    principal: Pick<Principal, 'departmentIds'>,
  ): Promise<CandidatePool> {
    const symbolsOf = (direction: string) =>
      [
        ...new Set(
          payments.filter((p) => p.direction === direction).map((p) => normalizeSymbol(p.variableSymbol ?? '')),
        ),
      ].filter(Boolean);
    const pool: CandidatePool = { documents: new Map(), costs: new Map() };
    if (payments.length === 0) return pool;
    const organizationId = payments[0].organization.id;
    const incoming = symbolsOf('IN');
    const outgoing = symbolsOf('OUT');
    if (incoming.length) {
      const payable = payableDocuments(organizationId, principal.departmentIds);
      bySymbol(pool.documents, await this.reads.lockPayableBySymbols(em, payable, incoming));
    }
    if (outgoing.length) bySymbol(pool.costs, await this.costs.lockOpenBySymbols(em, organizationId, outgoing));
    return pool;
  }

  /**
   * Matching on import: an incoming payment whose variable symbol names exactly one unpaid invoice or
   * proforma, or an outgoing payment whose variable symbol names exactly one OPEN cost, in the same
   * currency and with a remaining amount equal to the payment. Ambiguous or partial payments stay
   * UNMATCHED for a person to decide. What is paid in full leaves the pool.
   */
  async autoMatch(em: EntityManager, payment: Payment, pool: CandidatePool): Promise<boolean> {
    const kind = payment.direction === 'IN' ? 'document' : 'cost';
    const candidatesBySymbol = kind === 'document' ? pool.documents : pool.costs;
    const symbol = normalizeSymbol(payment.variableSymbol ?? '');
    const candidates = candidatesBySymbol.get(symbol) ?? [];
    const exact = candidates.filter(
      (c) => c.currency === payment.currency && new BigNumber(c.remaining).eq(payment.amount),
    );
    if (exact.length !== 1) return false;
    await this.link(em, payment, { kind, id: exact[0].id, number: exact[0].number }, 'AUTO_MATCHED', null);
    candidatesBySymbol.set(
      symbol,
      candidates.filter((c) => c !== exact[0]),
    );
    return true;
  }
}

function receiptOf(payment: Payment): { paymentId: string; receivedAt: Date } {
  return { paymentId: payment.id, receivedAt: payment.receivedAt };
}

function bySymbol(pool: Map<string, Candidate[]>, candidates: Candidate[]): void {
  for (const c of candidates) {
    const key = normalizeSymbol(c.variable_symbol);
    pool.set(key, [...(pool.get(key) ?? []), c]);
  }
}

/** Banks pad variable symbols with zeros; 0000123 and 123 are the same symbol. */
export function normalizeSymbol(symbol: string): string {
  return symbol.replace(/^0+/, '');
}
