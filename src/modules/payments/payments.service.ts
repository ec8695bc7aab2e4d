import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { authed, orgId, type RequestContext } from '../../core/ctx';
import { NotFoundError } from '../../core/errors';
import { isUuid } from '../../core/fields';
import { mapPage, paginate } from '../../core/pagination';
import { parseInput, type Page } from '../../core/validation';
import { isMatchable, type DocumentLookup } from './document-lookup';
import { Payment } from './payment.entity';
import type { PaymentMatcher } from './payment-matcher';
import { CurrencyMismatch, DocumentNotPayable, PaymentAlreadyMatched, PaymentNotIncoming, PaymentNotMatched } from './payments.errors';
import { listPaymentsInput, matchPaymentInput } from './payments.inputs';
import { paymentView, type PaymentView } from './payments.views';

/** Payments of the organization and their manual matching to documents. */
export class PaymentsService {
  constructor(
    private readonly matcher: PaymentMatcher,
    private readonly documents: DocumentLookup,
  ) {}

  async list(ctx: RequestContext, query: unknown): Promise<Page<PaymentView>> {
    const { limit, cursor, ...filters } = parseInput(listPaymentsInput, query);
    const where = {
      organization: orgId(ctx),
      ...(filters.matchStatus && { matchStatus: filters.matchStatus }),
      ...(filters.direction && { direction: filters.direction }),
      ...(filters.bankAccountId && { bankAccount: filters.bankAccountId }),
      ...(filters.documentId && { documentId: filters.documentId }),
    };
    return mapPage(await paginate(ctx.em, Payment, where, { limit, cursor }), paymentView);
  }

  async get(ctx: RequestContext, id: string): Promise<PaymentView> {
    const payment = isUuid(id) ? await ctx.em.findOne(Payment, { id, organization: orgId(ctx) }) : null;
    if (!payment) throw new NotFoundError('Payment');
    return paymentView(payment);
  }

  /**
   * Links an unmatched incoming payment to an unpaid invoice or proforma of the same currency. Partial
   * payments and overpayments are allowed; the document becomes PAID once its paid amount reaches the
   * total. An already matched payment is a 409: it has to be unmatched first, so every change of the
   * link is one payment.unmatched or payment.matched event.
   */
  async match(ctx: RequestContext, id: string, input: unknown): Promise<PaymentView> {
    const { documentId } = parseInput(matchPaymentInput, input);
    const { principal } = authed(ctx);
    return ctx.em.fork().transactional(async (em) => {
      const payment = await lockPayment(em, principal.organization.id, id);
      const document = await this.documents.lock(em, principal, documentId);
      if (payment.matchStatus !== 'UNMATCHED') throw new PaymentAlreadyMatched();
      if (payment.direction !== 'IN') throw new PaymentNotIncoming();
      if (!isMatchable(document)) throw new DocumentNotPayable(document.type, document.status);
      if (document.currency !== payment.currency) throw new CurrencyMismatch(payment.currency, document.currency);
      await this.matcher.link(em, payment, document, 'MANUAL_MATCHED', principal.userId);
      return paymentView(payment);
    });
  }

  /** Removes the link; the document's paid amount drops and it returns to its status before PAID. */
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
  const payment = isUuid(id) ? await em.findOne(Payment, { id, organization: organizationId }, { lockMode: LockMode.PESSIMISTIC_WRITE }) : null;
  if (!payment) throw new NotFoundError('Payment');
  return payment;
}
