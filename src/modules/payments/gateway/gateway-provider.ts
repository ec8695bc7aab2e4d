/**
 * A payment gateway as Faktura uses it: a checkout page for a document's remaining amount, and
 * signed notices (webhooks) of payments received. Stripe is the first; Comgate and GoPay fit the same
 * shape (a payment created by API, the customer redirected, the result notified to a URL).
 */
export const GATEWAY_PROVIDERS = ['STRIPE'] as const;
export type GatewayProviderName = (typeof GATEWAY_PROVIDERS)[number];

/** The company's keys, opened from their seals only for the call that needs them. */
export interface GatewayKeys {
  secretKey: string;
  webhookSecret: string;
}

export interface CheckoutRequest {
  organizationId: string;
  documentId: string;
  /** What the customer sees on the gateway's page. */
  description: string;
  /** A fixed 2-place decimal string, in `currency`. */
  amount: string;
  currency: string;
  /** Where the customer comes back to, paid or not: the document's public page. */
  returnUrl: string;
}

export interface CheckoutSession {
  sessionId: string;
  url: string;
  expiresAt: Date;
}

/** A payment the gateway says it received for a document (from a verified webhook). */
export interface GatewayPayment {
  /** The gateway's id of the payment: the transaction id of the payment in Faktura. */
  transactionId: string;
  organizationId: string;
  documentId: string;
  amount: string;
  currency: string;
  receivedAt: Date;
  payerName: string | null;
  reference: string | null;
}

/** A verified webhook: its event id (handled once) and the payment it reports, if any. */
export interface GatewayNotice {
  eventId: string;
  organizationId: string;
  payment: GatewayPayment | null;
}

export interface GatewayProvider {
  readonly name: GatewayProviderName;
  /** The origins of the gateway's payment pages (the public page's CSP lets its form be redirected there). */
  readonly checkoutOrigins: readonly string[];
  /** What may be shown of a secret key: its kind and last characters. */
  keyHint(secretKey: string): string;
  createCheckout(keys: GatewayKeys, request: CheckoutRequest): Promise<CheckoutSession>;
  /**
   * The organization an unverified webhook body names, only to pick whose webhook secret verifies
   * it; null when it names none.
   */
  claimedOrganization(body: Buffer): string | null;
  /** Verifies the signature (and its age against `receivedAt`) and reads the notice; throws WebhookSignatureInvalid. */
  verifyWebhook(keys: GatewayKeys, body: Buffer, signature: string, receivedAt: Date): GatewayNotice;
}
