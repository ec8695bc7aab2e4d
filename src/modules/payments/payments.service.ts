import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { authed, orgId, type RequestContext } from '../../core/ctx';
import { NotFoundError } from '../../core/errors';
import { isUuid } from '../../core/fields';
import { mapPage, paginate } from '../../core/pagination';
import { parseInput, type Page } from '../../core/validation';
import {
  isMatchable,
  payableDocuments,
  type DocumentReads,
  type LikelyDocument,
  type PaymentSuggestion,
} from './document-payments';
import { Payment } from './payment.entity';
import { paymentListWhere } from './payment-export-source';
import { type CostPayments, type PaymentMatcher } from './payment-matcher';
import { appliedAmountOf, messageNumbers, normalizeSymbol } from './matching-rules';
import { knownDocumentsByCounterAccount } from './matching.queries';
import {
  CostNotPayable,
  CurrencyMismatch,
  DocumentNotPayable,
  PaymentAlreadyMatched,
  PaymentNotIncoming,
  PaymentNotMatched,
  PaymentNotOutgoing,
} from './payments.errors';
import { listPaymentsInput, matchPaymentInput } from './payments.inputs';
import type { Principal } from '../../core/access';
import { paymentView, type PaymentView } from './payments.views';
import type { ListViews } from '../savedviews/savedviews.module';

/** Exactly one of them (matchPaymentInput; a payment recorded by hand checks it too). */
export type MatchTarget = { documentId?: string; costId?: string };

/** Payments of the organization and their manual matching to documents. */
export class PaymentsService {
  constructor(
    private readonly matcher: PaymentMatcher,
    private readonly documents: DocumentReads,
    private readonly costs: Pick<CostPayments, 'lock'>,
    private readonly views: ListViews,
  ) {}

  async list(ctx: RequestContext, query: unknown): Promise<Page<PaymentView>> {
    const { limit, cursor, sort, ...filters } = parseInput(listPaymentsInput, await this.views.apply(ctx, query));
    const where = paymentListWhere(authed(ctx).principal, filters);
    return mapPage(await paginate(ctx.em, Payment, where, { limit, cursor, sort }), paymentView);
  }

  async get(ctx: RequestContext, id: string): Promise<PaymentView> {
    const payment = isUuid(id) ? await ctx.em.findOne(Payment, { id, organization: orgId(ctx) }) : null;
    if (!payment) throw new NotFoundError('Payment');
    return paymentView(payment);
  }

  /**
   * For an unmatched incoming payment, the unpaid invoice or proforma it most likely pays, with the
   * reason (strongest first): the same variable symbol; its specific symbol equal to the document's
   * variable symbol; the document's number in its message; the remaining amount equal to the payment
   * and the document's contact paid from the same counter account before; the remaining amount
   * equal to the payment. Within a reason the remaining amount equal to the payment first, then
   * earliest due. The document is in the payment's currency, or the payment is in CZK and the
   * document is converted at its exchange rate. Null when none fits, and for other payments.
   */
  async suggestion(ctx: RequestContext, id: string): Promise<{ suggestion: PaymentSuggestion | null }> {
    const payment = isUuid(id) ? await ctx.em.findOne(Payment, { id, organization: orgId(ctx) }) : null;
    if (!payment) throw new NotFoundError('Payment');
    const [suggestion] = await this.suggestions(ctx, [payment]);
    return { suggestion };
  }

  /**
   * The suggestion of each payment (null for a matched or outgoing one), looked up together: a page
   * of payments costs one query, however many rows it has.
   */
  async suggestions(
    ctx: RequestContext,
    payments: readonly Pick<
      Payment,
      | 'currency'
      | 'amount'
      | 'variableSymbol'
      | 'specificSymbol'
      | 'message'
      | 'counterAccount'
      | 'matchStatus'
      | 'direction'
    >[],
  ): Promise<(PaymentSuggestion | null)[]> {
    const open = payments.filter((p) => p.matchStatus === 'UNMATCHED' && p.direction === 'IN');
    const { principal } = authed(ctx);
    const accounts = open.flatMap((p) => p.counterAccount ?? []);
    const known = await knownDocumentsByCounterAccount(ctx.em, principal.organization.id, accounts);
    const clues = open.map((p) => ({
      currency: p.currency,
      amount: p.amount,
      symbol: normalizeSymbol(p.variableSymbol ?? ''),
      specificSymbol: normalizeSymbol(p.specificSymbol ?? ''),
      numbers: messageNumbers(p.message),
      knownDocumentIds: (p.counterAccount && known.get(p.counterAccount)) || [],
    }));
    const rows = await this.documents.likelyPaidBy(
      ctx.em,
      payableDocuments(principal.organization.id, principal.departmentIds),
      clues,
    );
    const found = rows.map((row) => row && suggestionOf(row));
    const byPayment = new Map(open.map((p, i) => [p, found[i]]));
    return payments.map((p) => byPayment.get(p) ?? null);
  }

  /**
   * Links an unmatched incoming payment to an unpaid invoice or proforma (`documentId`), or an
   * unmatched outgoing payment to an OPEN received cost (`costId`), of the same currency. Partial
   * payments and overpayments are allowed; the document or cost becomes PAID once its paid amount
   * reaches what is due. An already matched payment is a 409: it has to be unmatched first, so
   * every change of the link is one payment.unmatched or payment.matched event.
   */
  async match(ctx: RequestContext, id: string, input: unknown): Promise<PaymentView> {
    const target = parseInput(matchPaymentInput, input);
    const { principal } = authed(ctx);
    return ctx.em.fork().transactional(async (em) => {
      const payment = await lockPayment(em, principal.organization.id, id);
      await this.linkByHand(em, principal, payment, target);
      return paymentView(payment);
    });
  }

  /**
   * The link a person makes (PUT /payments/:id/match, a payment recorded by hand), with its checks,
   * inside the caller's transaction: MANUAL_MATCHED by the user. The target is locked before it is
   * checked; a document outside the principal's departments is not found.
   */
  async linkByHand(em: EntityManager, principal: Principal, payment: Payment, target: MatchTarget): Promise<void> {
    if (target.costId !== undefined) return this.linkCost(em, principal, payment, target.costId);
    const document = await this.documents.lockForPayment(em, principal, target.documentId!);
    if (!document) throw new NotFoundError('Document');
    if (payment.matchStatus !== 'UNMATCHED') throw new PaymentAlreadyMatched(payment.costId ? 'cost' : 'document');
    if (payment.direction !== 'IN') throw new PaymentNotIncoming();
    if (!isMatchable(document)) throw new DocumentNotPayable(document.type, document.status);
    const appliedAmount = appliedAmountOf(payment, document);
    if (appliedAmount === null) throw new CurrencyMismatch(payment.currency, document.currency);
    await this.matcher.link(
      em,
      payment,
      { kind: 'document', id: document.id, number: document.number, appliedAmount },
      'MANUAL_MATCHED',
      principal.userId,
    );
  }

  private async linkCost(em: EntityManager, principal: Principal, payment: Payment, costId: string): Promise<void> {
    const cost = await this.costs.lock(em, principal.organization.id, costId);
    if (payment.matchStatus !== 'UNMATCHED') throw new PaymentAlreadyMatched(payment.costId ? 'cost' : 'document');
    if (payment.direction !== 'OUT') throw new PaymentNotOutgoing();
    if (cost.status !== 'OPEN') throw new CostNotPayable(cost.status);
    if (cost.currency !== payment.currency) throw new CurrencyMismatch(payment.currency, cost.currency, 'cost');
    await this.matcher.link(
      em,
      payment,
      { kind: 'cost', id: cost.id, number: cost.number },
      'MANUAL_MATCHED',
      principal.userId,
    );
  }

  /** Removes the link; the paid amount of the document or cost drops and a PAID one returns to its unpaid status. */
  async unmatch(ctx: RequestContext, id: string): Promise<PaymentView> {
    const organizationId = orgId(ctx);
    return ctx.em.fork().transactional(async (em) => {
      const payment = await lockPayment(em, organizationId, id);
      if (payment.matchStatus === 'UNMATCHED') throw new PaymentNotMatched();
      await this.matcher.unlink(em, payment);
      return paymentView(payment);
    });
  }
}

/** Row lock first: concurrent match/unmatch requests for one payment run one after the other. */
async function lockPayment(em: EntityManager, organizationId: string, id: string): Promise<Payment> {
  const payment = isUuid(id)
    ? await em.findOne(Payment, { id, organization: organizationId }, { lockMode: LockMode.PESSIMISTIC_WRITE })
    : null;
  if (!payment) throw new NotFoundError('Payment');
  return payment;
}

function suggestionOf(row: LikelyDocument): PaymentSuggestion {
  return {
    documentId: row.id,
    number: row.number,
    clientName: row.client_name,
    currency: row.currency,
    remainingAmount: row.remaining,
    appliedAmount: row.applied,
    reason: row.clue,
  };
}
