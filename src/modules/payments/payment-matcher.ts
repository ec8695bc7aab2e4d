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
import { chooseDocument, messageNumbers, normalizeSymbol, type DocumentCandidate } from './matching-rules';

export { normalizeSymbol } from './matching-rules';

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

/**
 * What a payment is matched to: an invoice or proforma (incoming money) or a received cost (outgoing
 * money). `appliedAmount`: what the payment adds to its paid amount, in its currency (matching-rules.ts
 * appliedAmountOf); the payment's amount when left out (the same currency).
 */
export type MatchTargetRef = { kind: 'document' | 'cost'; id: string; number: string; appliedAmount?: string };

/**
 * What the payments of an import may be matched to: the unpaid documents their variable or specific
 * symbols or message numbers name (incoming payments; each one's remaining amount follows the
 * matches of this import), and the OPEN costs by normalized variable symbol (outgoing ones).
 */
export interface CandidatePool {
  documents: DocumentCandidate[];
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
    const amount = new BigNumber(target.appliedAmount ?? payment.amount);
    Object.assign(payment, {
      matchStatus: status,
      documentId: target.kind === 'document' ? target.id : null,
      costId: target.kind === 'cost' ? target.id : null,
      appliedAmount: amount.toFixed(2),
      matchedAt: now,
      matchedByUserId,
      updatedAt: now,
    });
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
    // What the match added, in the document's or cost's currency (its own amount before Migration0047).
    const amount = new BigNumber(payment.appliedAmount ?? payment.amount).negated();
    const now = this.clock.now();
    Object.assign(payment, {
      matchStatus: 'UNMATCHED',
      documentId: null,
      costId: null,
      appliedAmount: null,
      matchedAt: null,
      matchedByUserId: null,
      updatedAt: now,
    });
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
   * comparing remaining amounts.
   */
  async lockCandidatesOf(
    em: EntityManager,
    payments: Payment[],
    principal: Pick<Principal, 'departmentIds'>,
  ): Promise<CandidatePool> {
    const distinct = (values: string[]) => [...new Set(values)].filter(Boolean);
    const pool: CandidatePool = { documents: [], costs: new Map() };
    if (payments.length === 0) return pool;
    const organizationId = payments[0].organization.id;
    const incoming = payments.filter((p) => p.direction === 'IN');
    const symbols = distinct(
      incoming.flatMap((p) => [p.variableSymbol, p.specificSymbol].map((s) => normalizeSymbol(s ?? ''))),
    );
    const numbers = distinct(incoming.flatMap((p) => messageNumbers(p.message)));
    if (symbols.length || numbers.length) {
      const payable = payableDocuments(organizationId, principal.departmentIds);
      const rows = await this.reads.lockPayableBySymbols(em, payable, symbols, numbers);
      pool.documents = rows.map((r) => ({
        id: r.id,
        number: r.number,
        currency: r.currency,
        exchangeRate: r.exchange_rate,
        variableSymbol: r.variable_symbol ?? '',
        remaining: r.remaining,
      }));
    }
    const outgoing = distinct(
      payments.filter((p) => p.direction === 'OUT').map((p) => normalizeSymbol(p.variableSymbol ?? '')),
    );
    if (outgoing.length) bySymbol(pool.costs, await this.costs.lockOpenBySymbols(em, organizationId, outgoing));
    return pool;
  }

  /**
   * Matching on import. An incoming payment follows the rule of matching-rules.ts chooseDocument: the
   * document its variable symbol, else specific symbol, else a number in its message names, paid in
   * full or in part, in its currency or (a CZK payment) at the document's exchange rate; its remaining
   * amount drops by what was paid. An outgoing payment whose variable symbol names exactly one OPEN
   * cost in the same currency with a remaining amount equal to the payment pays it. Anything else
   * stays UNMATCHED for a person to decide. What is paid in full leaves the pool.
   */
  async autoMatch(em: EntityManager, payment: Payment, pool: CandidatePool): Promise<boolean> {
    return payment.direction === 'IN'
      ? this.autoMatchDocument(em, payment, pool)
      : this.autoMatchCost(em, payment, pool);
  }

  private async autoMatchDocument(em: EntityManager, payment: Payment, pool: CandidatePool): Promise<boolean> {
    const chosen = chooseDocument(payment, pool.documents);
    if (!chosen) return false;
    const { document, applied } = chosen;
    const target = { kind: 'document' as const, id: document.id, number: document.number, appliedAmount: applied };
    await this.link(em, payment, target, 'AUTO_MATCHED', null);
    document.remaining = new BigNumber(document.remaining).minus(applied).toFixed(2);
    return true;
  }

  private async autoMatchCost(em: EntityManager, payment: Payment, pool: CandidatePool): Promise<boolean> {
    const symbol = normalizeSymbol(payment.variableSymbol ?? '');
    const candidates = pool.costs.get(symbol) ?? [];
    const exact = candidates.filter(
      (c) => c.currency === payment.currency && new BigNumber(c.remaining).eq(payment.amount),
    );
    if (exact.length !== 1) return false;
    await this.link(em, payment, { kind: 'cost', id: exact[0].id, number: exact[0].number }, 'AUTO_MATCHED', null);
    pool.costs.set(
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
