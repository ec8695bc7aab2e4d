import { randomUUID } from 'node:crypto';
import BigNumber from 'bignumber.js';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../../../core/clock';
import type { Document, OnlinePaymentOffer, OnlinePaymentProvider } from '../../documents/documents.module';
import { OnlinePaymentUnavailable, remainingOf } from '../../documents/documents.module';
import type { BankAccountsService } from '../bank-accounts.service';
import { isMatchable, type DocumentReads } from '../document-payments';
import type { Movement, PaymentIntake } from '../payment-intake';
import type { PaymentMatcher } from '../payment-matcher';
import type { GatewayPayment, GatewayProviderName } from './gateway-provider';
import { WebhookSignatureInvalid } from './gateway.errors';
import { claimGatewayEvent, insertCheckout, lockDocumentCheckout, openCheckout } from './gateway.queries';
import type { PaymentGateways } from './payment-gateways.service';

/** The answer to a gateway's webhook: `duplicate` when its event was handled before (nothing changed). */
export interface WebhookReceipt {
  received: true;
  duplicate: boolean;
}

/**
 * An invoice paid online by its customer: the button on the public page (registered with the
 * documents module), the checkout session for what remains to pay, and the gateway's webhook that
 * brings the payment in through the payment intake (source GATEWAY, into the organization's GATEWAY
 * account) and links it to the document, which becomes PAID when fully paid.
 */
export class OnlinePayments implements OnlinePaymentProvider {
  constructor(
    private readonly clock: Clock,
    private readonly gateways: PaymentGateways,
    private readonly bankAccounts: BankAccountsService,
    private readonly intake: PaymentIntake,
    private readonly matcher: PaymentMatcher,
    private readonly reads: DocumentReads,
    private readonly publicUrl: string,
  ) {}

  async offer(em: EntityManager, doc: Document): Promise<OnlinePaymentOffer | null> {
    if (!isMatchable(doc) || new BigNumber(remainingOf(doc)).isZero()) return null;
    const provider = await this.gateways.providerOf(em, doc.organization.id);
    return provider && { redirectOrigins: provider.checkoutOrigins };
  }

  /**
   * A checkout session for the document's remaining amount. Idempotent per document and amount:
   * while a session for this amount is open, every click gets that one (clicks at once queue on the
   * document); once the amount changes (a partial payment came in) or the session expired, a new one.
   */
  async start(em: EntityManager, doc: Document): Promise<string> {
    const organizationId = doc.organization.id;
    const gateway = await this.gateways.connected(em, organizationId);
    // Disconnected since the offer a moment ago.
    if (!gateway) throw new OnlinePaymentUnavailable();
    const key = {
      documentId: doc.id,
      provider: gateway.provider.name,
      amount: remainingOf(doc),
      currency: doc.currency,
    };
    return em.fork().transactional(async (tx) => {
      await lockDocumentCheckout(tx, doc.id);
      const open = await openCheckout(tx, key, this.clock.now());
      if (open) return open.url;
      const session = await gateway.provider.createCheckout(gateway.keys, {
        organizationId,
        documentId: doc.id,
        description: `${doc.organization.name}: ${doc.number}`,
        amount: key.amount,
        currency: key.currency,
        returnUrl: `${this.publicUrl}/public/documents/${doc.publicToken}`,
      });
      await insertCheckout(
        tx,
        {
          ...key,
          id: randomUUID(),
          organizationId,
          sessionId: session.sessionId,
          url: session.url,
          expiresAt: session.expiresAt,
        },
        this.clock.now(),
      );
      return session.url;
    });
  }

  /**
   * A gateway's webhook: verified with the keys of the organization it names (a body naming no
   * connected organization cannot be verified), then handled once per event id. Everything it
   * changes commits together with the event id, so a failure leaves the event to the gateway's retry.
   */
  async receiveWebhook(
    em: EntityManager,
    providerName: GatewayProviderName,
    body: Buffer,
    signature: string,
  ): Promise<WebhookReceipt> {
    const provider = this.gateways.provider(providerName);
    const claimed = provider.claimedOrganization(body);
    const gateway = claimed ? await this.gateways.connected(em, claimed) : null;
    if (!gateway || gateway.provider.name !== providerName) throw new WebhookSignatureInvalid();
    const notice = provider.verifyWebhook(gateway.keys, body, signature, this.clock.now());
    if (notice.organizationId !== claimed) throw new WebhookSignatureInvalid();
    return em.fork().transactional(async (tx) => {
      const event = { provider: providerName, eventId: notice.eventId, organizationId: notice.organizationId };
      if (!(await claimGatewayEvent(tx, event, this.clock.now()))) return { received: true, duplicate: true };
      if (notice.payment) await this.receivePayment(tx, notice.payment);
      return { received: true, duplicate: false };
    });
  }

  /**
   * The payment goes into the GATEWAY account of its currency, once per gateway payment id, and pays
   * its document while that is still payable in that currency; otherwise it stays UNMATCHED for a
   * person to decide (the money came in all the same).
   */
  private async receivePayment(em: EntityManager, paid: GatewayPayment): Promise<void> {
    const account = await this.bankAccounts.systemAccount(em, paid.organizationId, 'GATEWAY', paid.currency);
    const movement: Movement = {
      transactionId: paid.transactionId,
      amount: paid.amount,
      currency: paid.currency,
      direction: 'IN',
      receivedAt: paid.receivedAt,
      counterAccountName: paid.payerName,
      message: paid.reference,
    };
    const { lines } = await this.intake.ingest(em, account, [movement], {
      source: 'GATEWAY',
      departmentIds: null,
      autoMatch: false,
    });
    const [{ result, payment }] = lines;
    if (result !== 'IMPORTED') return;
    const principal = { organization: { id: paid.organizationId }, departmentIds: null };
    const doc = await this.reads.lockForPayment(em, principal, paid.documentId);
    if (!doc || !isMatchable(doc) || doc.currency !== payment.currency) return;
    await this.matcher.link(em, payment, { kind: 'document', id: doc.id, number: doc.number }, 'AUTO_MATCHED', null);
  }
}
