import { AppError } from '../../core/errors';

// The webhooks module's domain errors, each with its stable code (REST body and GraphQL extensions.code).

export class WebhookNotFound extends AppError {
  constructor() {
    super(404, 'NOT_FOUND', 'Webhook not found');
  }
}

export class DeliveryNotFound extends AppError {
  constructor() {
    super(404, 'NOT_FOUND', 'Webhook delivery not found');
  }
}

/** Another sender holds the delivery right now; replaying it at the same moment could send it twice at once. */
export class DeliveryInProgress extends AppError {
  constructor() {
    super(
      409,
      'DELIVERY_IN_PROGRESS',
      'This delivery is being sent right now; replay it when the attempt has finished',
    );
  }
}
