import { MAX, text } from '../../core/fields';
import { paginationInput, z } from '../../core/validation';
import { DELIVERY_STATUSES } from './webhook-delivery.entity';

/** Hosts an http:// target may name, only while WEBHOOK_ALLOW_PRIVATE_NETWORKS=1 (DESIGN 5). */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
export const MAX_EVENTS = 100;
const EVENT_NAME_MAX = 100;

/** Why `url` is not a webhook target, or null when it is one. */
export function urlProblem(value: string, allowPrivateNetworks: boolean): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be an absolute URL';
  }
  if (url.username || url.password) return 'must not carry credentials';
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:') {
    if (allowPrivateNetworks && LOOPBACK_HOSTS.has(url.hostname)) return null;
    return allowPrivateNetworks ? 'http is allowed only to localhost, 127.0.0.1 or [::1]' : 'must be an https URL';
  }
  return 'must be an https URL';
}

/** The body schemas; `url` is checked against the configuration (http to loopback only in development and tests). */
export function webhookInputs(allowPrivateNetworks: boolean) {
  const url = z
    .string()
    .trim()
    .min(1)
    .max(MAX.url)
    .superRefine((value, ctx) => {
      const problem = urlProblem(value, allowPrivateNetworks);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .meta({ format: 'uri', description: 'Absolute https URL receiving POST' });
  const events = z.array(z.string().trim().min(1).max(EVENT_NAME_MAX)).max(MAX_EVENTS).meta({
    description: 'Event names delivered to this endpoint; any strings (GET /webhooks/events lists the catalog)',
  });
  const create = z.object({
    name: text(MAX.name),
    url,
    events,
    isActive: z.boolean().optional().meta({ description: 'Default true' }),
  });
  const update = z
    .object({
      name: text(MAX.name).optional(),
      url: url.optional(),
      events: events.optional(),
      isActive: z.boolean().optional(),
    })
    .meta({ description: 'Only the fields sent change; isActive false stops deliveries.' });
  return { create, update };
}

export type CreateWebhookInput = z.infer<ReturnType<typeof webhookInputs>['create']>;
export type UpdateWebhookInput = z.infer<ReturnType<typeof webhookInputs>['update']>;

export const listDeliveriesQuery = paginationInput.extend({
  status: z.enum(DELIVERY_STATUSES).optional(),
  event: z.string().min(1).max(EVENT_NAME_MAX).optional(),
});
