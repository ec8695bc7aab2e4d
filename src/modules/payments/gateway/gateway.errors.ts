import { AppError } from '../../../core/errors';

// The payment gateway's errors (issue 28 point 4); same codes via REST and GraphQL.

/** A webhook whose signature does not verify (forged, altered, too old, or for no connected company). */
export class WebhookSignatureInvalid extends AppError {
  constructor() {
    super(400, 'WEBHOOK_SIGNATURE_INVALID', 'The webhook signature is not valid');
  }
}

/** The gateway refused or did not answer the call that starts a payment. */
export class PaymentGatewayFailed extends AppError {
  constructor(provider: string) {
    super(502, 'PAYMENT_GATEWAY_FAILED', `The payment gateway ${provider} did not create the payment; try again later`);
  }
}
