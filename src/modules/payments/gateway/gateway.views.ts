import type { GatewayProviderName } from './gateway-provider';
import type { GatewayRow } from './gateway.queries';

/** A company's payment gateway as it is shown: never a key, only a hint of the secret key. */
export interface PaymentGatewayView {
  provider: GatewayProviderName;
  /** E.g. `sk_test_…a1b2`: which key is in use. */
  keyHint: string;
  /** Whether the keys are Stripe's test keys (no real money). */
  testMode: boolean;
  /** The address to give the gateway for its webhooks. */
  webhookUrl: string;
  createdAt: string;
  updatedAt: string;
}

export function gatewayView(row: GatewayRow, webhookUrl: string): PaymentGatewayView {
  return {
    provider: row.provider as GatewayProviderName,
    keyHint: row.key_hint,
    testMode: row.key_hint.includes('_test_'),
    webhookUrl,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}
