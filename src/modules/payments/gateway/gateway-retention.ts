import { daysBefore, type RetentionStep } from '../../../core/retention';
import { deleteExpiredCheckouts, deleteOldGatewayEvents } from './gateway.queries';

/**
 * How long a gateway's event ids and expired checkout sessions are kept. Stripe retries an event for
 * up to 3 days, each time freshly signed; past that an event id can only come back in a replay,
 * which the signature's 5-minute tolerance refuses anyway.
 */
export const GATEWAY_KEPT_DAYS = 30;

/** The payments module's nightly retention (payments.retention). */
export const gatewayRetention: readonly RetentionStep[] = [
  {
    kind: 'gateway events',
    deleteBatch: (em, now, limit) => deleteOldGatewayEvents(em, daysBefore(now, GATEWAY_KEPT_DAYS), limit),
  },
  {
    kind: 'gateway checkouts',
    deleteBatch: (em, now, limit) => deleteExpiredCheckouts(em, daysBefore(now, GATEWAY_KEPT_DAYS), limit),
  },
];
