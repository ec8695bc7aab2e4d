import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parse as parseQuery } from 'qs';
import Stripe from 'stripe';

/** A Checkout Session as Stripe's API answers it (the fields Faktura reads, and a few more). */
export type StripeSession = Record<string, any> & { id: string; url: string; metadata: Record<string, string> };

/**
 * Stripe's API for Checkout Sessions, served locally (`STRIPE_API_URL`): `POST /v1/checkout/sessions`
 * takes the form-encoded parameters the `stripe` package sends and answers the session object;
 * an unknown secret key gets Stripe's 401 error body. Every create call is kept in `created`.
 */
export class StripeServer {
  readonly created: { params: any; idempotencyKey: string | undefined; session: StripeSession }[] = [];
  /** The secret keys the server accepts. */
  readonly keys = new Set<string>();
  private server: Server | null = null;

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const answer = (status: number, body: unknown) =>
          res
            .writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${hex(8)}` })
            .end(JSON.stringify(body));
        const key = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
        if (!this.keys.has(key)) {
          return answer(401, {
            error: { type: 'invalid_request_error', message: `Invalid API Key provided: ${key.slice(0, 8)}***` },
          });
        }
        if (req.method !== 'POST' || req.url !== '/v1/checkout/sessions') {
          return answer(404, { error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } });
        }
        const params = parseQuery(Buffer.concat(chunks).toString('utf8'));
        const session = checkoutSession(params);
        this.created.push({ params, idempotencyKey: req.headers['idempotency-key'] as string | undefined, session });
        answer(200, session);
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

function hex(bytes: number): string {
  return randomBytes(bytes).toString('hex');
}

function checkoutSession(params: any): StripeSession {
  const id = `cs_test_${hex(16)}`;
  const item = params.line_items[0];
  const created = Math.floor(Date.now() / 1000);
  return {
    id,
    object: 'checkout.session',
    mode: params.mode,
    status: 'open',
    payment_status: 'unpaid',
    amount_total: Number(item.price_data.unit_amount) * Number(item.quantity),
    currency: item.price_data.currency,
    client_reference_id: params.client_reference_id ?? null,
    metadata: params.metadata ?? {},
    success_url: params.success_url,
    cancel_url: params.cancel_url,
    payment_intent: null,
    customer_details: null,
    created,
    expires_at: created + 24 * 3600,
    livemode: false,
    url: `https://checkout.stripe.com/c/pay/${id}#${hex(8)}`,
  };
}

/** The event Stripe sends when the customer paid the session (`type`: completed, or an async success). */
export function paidEvent(
  session: StripeSession,
  createdAt: Date,
  overrides: { type?: string; id?: string; payerName?: string; paymentStatus?: string } = {},
): string {
  return JSON.stringify(
    {
      id: overrides.id ?? `evt_${hex(12)}`,
      object: 'event',
      api_version: '2025-01-27.acacia',
      created: Math.floor(createdAt.getTime() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type: overrides.type ?? 'checkout.session.completed',
      data: {
        object: {
          ...session,
          status: 'complete',
          payment_status: overrides.paymentStatus ?? 'paid',
          payment_intent: `pi_${hex(12)}`,
          customer_details: { name: overrides.payerName ?? 'Jana Nováková', email: 'jana@example.cz' },
        },
      },
    },
    null,
    2,
  );
}

/** The Stripe-Signature header Stripe would send for `payload`, made by the package's own test helper. */
export function signature(payload: string, secret: string, at: Date): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: Math.floor(at.getTime() / 1000) });
}
