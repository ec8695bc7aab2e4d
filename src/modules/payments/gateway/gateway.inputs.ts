import { z } from '../../../core/validation';

/**
 * Connecting a gateway: per provider, the keys its API and its webhooks need. Only plausibility is
 * checked here (the shape Stripe gives its keys); a wrong key shows when a customer clicks.
 */
export const connectGatewayInput = z.discriminatedUnion('provider', [
  z.object({
    provider: z.literal('STRIPE'),
    secretKey: z
      .string()
      .max(255)
      .trim()
      .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]{16,240}$/, {
        message: 'must be a Stripe secret key (sk_live_…, sk_test_…) or restricted key (rk_…)',
      }),
    webhookSecret: z
      .string()
      .max(255)
      .trim()
      .regex(/^whsec_[A-Za-z0-9+/=]{16,240}$/, { message: 'must be a Stripe webhook signing secret (whsec_…)' }),
  }),
]);

export type ConnectGatewayInput = z.infer<typeof connectGatewayInput>;
