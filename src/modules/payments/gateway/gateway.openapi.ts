import * as oa from '../../../core/openapi/builders';
import { GATEWAY_PROVIDERS } from './gateway-provider';
import { connectGatewayInput } from './gateway.inputs';

const READ = { section: 'payments', access: 'read' } as const;
const WRITE = { section: 'payments', access: 'write' } as const;
const tags = ['Payment gateway'];

const gateway = oa.object({
  provider: { type: 'string', enum: [...GATEWAY_PROVIDERS] },
  keyHint: { ...oa.string, description: 'The kind and last characters of the secret key, e.g. sk_test_…a1b2' },
  testMode: { ...oa.boolean, description: 'Test keys: no real money moves' },
  webhookUrl: { ...oa.string, format: 'uri', description: 'Give this address to the gateway for its webhooks' },
  createdAt: oa.dateTime,
  updatedAt: oa.dateTime,
});

export const gatewayOpenApi: oa.PathItems = {
  '/api/v1/payment-gateway': {
    put: oa.operation({
      operationId: 'connectPaymentGateway',
      summary: 'Connect the company’s payment gateway (or replace its keys)',
      description:
        'Stripe: the secret key (sk_… or a restricted rk_… key with Checkout Sessions write) and the webhook signing secret ' +
        '(whsec_…) of an endpoint at webhookUrl sending checkout.session.completed and checkout.session.async_payment_succeeded. ' +
        'The keys are checked for their shape, stored sealed and never returned. Then the public page of every unpaid invoice ' +
        'and proforma offers “Zaplatit online”.',
      tags,
      access: WRITE,
      // One provider so far: its own body (a oneOf of one is no choice).
      body: connectGatewayInput.options[0],
      ok: { description: 'The gateway, without its keys', schema: gateway },
      errors: ['400'],
    }),
    get: oa.operation({
      operationId: 'getPaymentGateway',
      summary: 'The company’s payment gateway, without its keys',
      tags,
      access: READ,
      ok: { description: 'The gateway', schema: gateway },
      errors: ['404'],
    }),
    delete: oa.operation({
      operationId: 'disconnectPaymentGateway',
      summary: 'Disconnect the payment gateway and forget its keys',
      description: 'Payments received through it stay. 404 when none is connected.',
      tags,
      access: WRITE,
      ok: { status: '204', description: 'Disconnected' },
      errors: ['404'],
    }),
  },
  '/api/v1/gateway/stripe/webhook': {
    post: oa.operation({
      operationId: 'receiveStripeWebhook',
      summary: 'Stripe’s webhook (signed with the company’s webhook secret)',
      description:
        'No credential: the Stripe-Signature header is verified over the exact body with the webhook secret of the company the ' +
        'event’s checkout session names, and must be at most 5 minutes old (else 400 WEBHOOK_SIGNATURE_INVALID, nothing changes). ' +
        'Each event id is handled once (a replay answers duplicate true). checkout.session.completed or ' +
        'checkout.session.async_payment_succeeded with payment_status paid creates a payment (source GATEWAY, transaction id = ' +
        'the session id, in the company’s GATEWAY account of the currency; payment.imported), matched AUTO_MATCHED to its ' +
        'document while that is ISSUED or SENT in that currency; a fully paid document becomes PAID.',
      tags,
      access: { public: true },
      body: { type: 'object', description: 'A Stripe Event' },
      ok: {
        description: 'Received',
        schema: oa.object({ received: { type: 'boolean', const: true }, duplicate: oa.boolean }),
      },
      errors: ['400'],
    }),
  },
};
