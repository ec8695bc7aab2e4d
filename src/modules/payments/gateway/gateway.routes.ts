import type { ApiRouter } from '../../../core/http/api-router';
import { rawJsonBody } from '../../../core/http/body';
import type { AccessSpec } from '../../../core/http/gate';
import { NotFoundError } from '../../../core/errors';
import { WebhookSignatureInvalid } from './gateway.errors';
import type { OnlinePayments } from './online-payments';
import type { PaymentGateways } from './payment-gateways.service';

const READ: AccessSpec = { section: 'payments', access: 'read' };
const WRITE: AccessSpec = { section: 'payments', access: 'write' };

export interface GatewayServices {
  gateways: PaymentGateways;
  onlinePayments: OnlinePayments;
}

/** The company's gateway settings, and the gateways' webhooks (no credential: the signature is the proof). */
export function gatewayRoutes(api: ApiRouter, { gateways, onlinePayments }: GatewayServices): void {
  api
    .put('/payment-gateway', WRITE, async (ctx) => {
      ctx.body = await gateways.connect(ctx.state.rc, ctx.request.body);
    })
    .get('/payment-gateway', READ, async (ctx) => {
      const gateway = await gateways.get(ctx.state.rc);
      if (!gateway) throw new NotFoundError('Payment gateway');
      ctx.body = gateway;
    })
    .delete('/payment-gateway', WRITE, async (ctx) => {
      await gateways.disconnect(ctx.state.rc);
      ctx.status = 204;
    })
    .post('/gateway/stripe/webhook', { public: true }, async (ctx) => {
      const body = rawJsonBody(ctx.req);
      if (!body) throw new WebhookSignatureInvalid();
      ctx.body = await onlinePayments.receiveWebhook(ctx.state.rc.em, 'STRIPE', body, ctx.get('stripe-signature'));
    });
}
