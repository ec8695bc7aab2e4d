import BigNumber from 'bignumber.js';
import Stripe from 'stripe';
import { isUuid } from '../../../core/fields';
import { WebhookSignatureInvalid, PaymentGatewayFailed } from './gateway.errors';
import type {
  CheckoutRequest,
  CheckoutSession,
  GatewayKeys,
  GatewayNotice,
  GatewayPayment,
  GatewayProvider,
} from './gateway-provider';

/** Stripe counts these currencies in whole units; every other one in hundredths (docs.stripe.com/currencies). */
const ZERO_DECIMAL = new Set('BIF CLP DJF GNF JPY KMF KRW MGA PYG RWF UGX VND VUV XAF XOF XPF'.split(' '));

/** The metadata a checkout session carries, read back from its webhooks. */
const ORGANIZATION = 'faktura_organization_id';
const DOCUMENT = 'faktura_document_id';

/** The events that report money received for a session (an asynchronous method reports it later). */
const PAID_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);

/** Stripe's default tolerance: a signed webhook older than five minutes is a replay. */
const SIGNATURE_TOLERANCE_SECONDS = 300;

/** Stripe Checkout through the official `stripe` package; `apiUrl` (STRIPE_API_URL) is where it calls. */
export class StripeGateway implements GatewayProvider {
  readonly name = 'STRIPE' as const;
  readonly checkoutOrigins = ['https://checkout.stripe.com'];
  private readonly api: { host: string; port: number; protocol: 'http' | 'https' };

  constructor(
    apiUrl: string,
    private readonly timeoutMs: number,
  ) {
    const url = new URL(apiUrl);
    const protocol = url.protocol === 'http:' ? 'http' : 'https';
    this.api = { host: url.hostname, port: Number(url.port || (protocol === 'http' ? 80 : 443)), protocol };
  }

  keyHint(secretKey: string): string {
    return `${secretKey.slice(0, secretKey.indexOf('_', 3) + 1)}…${secretKey.slice(-4)}`;
  }

  async createCheckout(keys: GatewayKeys, request: CheckoutRequest): Promise<CheckoutSession> {
    const metadata = { [ORGANIZATION]: request.organizationId, [DOCUMENT]: request.documentId };
    let session: Stripe.Checkout.Session;
    try {
      session = await this.client(keys).checkout.sessions.create({
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: request.currency.toLowerCase(),
              unit_amount: toMinorUnits(request.amount, request.currency),
              product_data: { name: request.description },
            },
          },
        ],
        client_reference_id: request.documentId,
        metadata,
        payment_intent_data: { metadata },
        success_url: request.returnUrl,
        cancel_url: request.returnUrl,
      });
    } catch {
      // The key, the amount or Stripe itself: the details (never the key) stay with Stripe's dashboard.
      throw new PaymentGatewayFailed(this.name);
    }
    if (!session.url) throw new PaymentGatewayFailed(this.name);
    return { sessionId: session.id, url: session.url, expiresAt: new Date(session.expires_at * 1000) };
  }

  claimedOrganization(body: Buffer): string | null {
    try {
      const event = JSON.parse(body.toString('utf8')) as { data?: { object?: { metadata?: Record<string, unknown> } } };
      const id = event.data?.object?.metadata?.[ORGANIZATION];
      return typeof id === 'string' && isUuid(id) ? id : null;
    } catch {
      return null;
    }
  }

  verifyWebhook(keys: GatewayKeys, body: Buffer, signature: string, receivedAt: Date): GatewayNotice {
    let event: Stripe.Event;
    try {
      event = this.client(keys).webhooks.constructEvent(
        body,
        signature,
        keys.webhookSecret,
        SIGNATURE_TOLERANCE_SECONDS,
        undefined,
        receivedAt.getTime(),
      );
    } catch {
      throw new WebhookSignatureInvalid();
    }
    const object = event.data.object as { metadata?: Record<string, string> | null };
    const organizationId = object.metadata?.[ORGANIZATION];
    if (!organizationId) throw new WebhookSignatureInvalid();
    return { eventId: event.id, organizationId, payment: paymentOf(event, organizationId) };
  }

  private client(keys: GatewayKeys): Stripe {
    return new Stripe(keys.secretKey, { ...this.api, timeout: this.timeoutMs, maxNetworkRetries: 1 });
  }
}

/** A paid checkout session of a document: the payment it brought. */
function paymentOf(event: Stripe.Event, organizationId: string): GatewayPayment | null {
  if (!PAID_EVENTS.has(event.type)) return null;
  const session = event.data.object as Stripe.Checkout.Session;
  const documentId = session.metadata?.[DOCUMENT];
  if (session.payment_status !== 'paid' || !documentId || session.amount_total === null) return null;
  const currency = session.currency!.toUpperCase();
  const paymentIntent =
    typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
  return {
    transactionId: session.id,
    organizationId,
    documentId,
    amount: fromMinorUnits(session.amount_total, currency),
    currency,
    receivedAt: new Date(event.created * 1000),
    payerName: session.customer_details?.name ?? null,
    reference: paymentIntent ?? null,
  };
}

function toMinorUnits(amount: string, currency: string): number {
  return new BigNumber(amount)
    .shiftedBy(ZERO_DECIMAL.has(currency) ? 0 : 2)
    .integerValue()
    .toNumber();
}

function fromMinorUnits(amount: number, currency: string): string {
  return new BigNumber(amount).shiftedBy(ZERO_DECIMAL.has(currency) ? 0 : -2).toFixed(2);
}
