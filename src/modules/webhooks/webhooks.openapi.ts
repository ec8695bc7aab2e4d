import {
  boolean,
  dateTime,
  idParameter,
  integer,
  nullableString,
  object,
  operation,
  pageOf,
  pageParameters,
  pathParameter,
  queryParameters,
  string,
  uuid,
  type PathItems,
} from '../../core/openapi/builders';
import { DELIVERY_STATUSES } from './webhook-delivery.entity';
import { listDeliveriesQuery, webhookInputs } from './webhooks.inputs';
import { READ, WRITE } from './webhooks.routes';

const tags = ['Webhooks'];
const inputs = webhookInputs(false);

const catalogEvent = object({
  event: { ...string, examples: ['document.created'] },
  description: string,
  dataFields: { type: 'array', items: string, description: 'Field names of data in the delivery envelope' },
});

const endpoint = object({
  id: uuid,
  name: string,
  url: { ...string, format: 'uri' },
  events: { type: 'array', items: string },
  isActive: boolean,
  createdAt: dateTime,
});
const createdEndpoint = {
  ...endpoint,
  required: [...(endpoint.required as string[]), 'secret'],
  properties: {
    ...(endpoint.properties as object),
    secret: { ...string, pattern: '^[0-9a-f]{64}$', description: 'Shown only in this response; signs every delivery' },
  },
};
const attempt = object({
  number: integer,
  at: dateTime,
  statusCode: { type: ['integer', 'null'], description: 'null when no answer came' },
  error: nullableString,
  durationMs: integer,
  responseBody: { ...nullableString, description: 'The first 1 KB of the answer' },
});
const delivery = object({
  id: { ...uuid, description: 'The envelope id (X-Faktura-Delivery)' },
  event: string,
  status: { type: 'string', enum: [...DELIVERY_STATUSES] },
  createdAt: dateTime,
  attempts: { type: 'array', items: attempt },
});
const testResult = object({
  delivered: boolean,
  statusCode: { type: ['integer', 'null'] },
  error: nullableString,
  durationMs: integer,
});
const deliveryId = pathParameter('deliveryId', 'The delivery (envelope) id');

export const webhooksOpenApi: PathItems = {
  '/api/v1/webhooks/events': {
    get: operation({
      operationId: 'listWebhookEvents',
      summary: 'The webhook event catalog',
      description:
        'Every event a webhook endpoint can subscribe to, with its payload fields. The whole catalog is one page (nextCursor null).',
      tags,
      access: READ,
      ok: { description: 'The catalog', schema: pageOf(catalogEvent) },
    }),
  },
  '/api/v1/webhooks': {
    get: operation({
      operationId: 'listWebhooks',
      summary: 'Webhook endpoints of the company, oldest first',
      tags,
      access: READ,
      parameters: pageParameters,
      ok: { description: 'A page of endpoints (without secrets)', schema: pageOf(endpoint) },
    }),
    post: operation({
      operationId: 'createWebhook',
      summary: 'Register a webhook endpoint',
      description:
        'The url must be absolute https. A description field is ignored. The answer carries the secret, once. Each listed catalog event needs read access to its section (document.*, product.* and recurring_series.* documents:read, contact.* contacts:read, payment.* payments:read, cost.* costs:read, automation.* automations:read): 403 FORBIDDEN naming the scope; other names need only automations:write. The endpoint records the credential that created it and receives an event only while that credential exists and may read it (a department-limited creator: documents of its departments only).',
      tags,
      access: WRITE,
      body: inputs.create,
      ok: { status: '201', description: 'The endpoint with its secret', schema: createdEndpoint },
    }),
  },
  '/api/v1/webhooks/{id}': {
    get: operation({
      operationId: 'getWebhook',
      summary: 'One webhook endpoint, without its secret',
      tags,
      access: READ,
      parameters: [idParameter],
      ok: { description: 'The endpoint', schema: endpoint },
      errors: ['404'],
    }),
    put: operation({
      operationId: 'updateWebhook',
      summary: 'Change name, url, events or isActive',
      description:
        'The caller must read every event the endpoint then lists (403 FORBIDDEN naming the scope, as on create); from then on the endpoint sends on behalf of the caller.',
      tags,
      access: WRITE,
      parameters: [idParameter],
      body: inputs.update,
      ok: { description: 'The endpoint', schema: endpoint },
      errors: ['404'],
    }),
    delete: operation({
      operationId: 'deleteWebhook',
      summary: 'Delete an endpoint and its delivery log (the way to a new secret)',
      tags,
      access: WRITE,
      parameters: [idParameter],
      ok: { status: '204', description: 'Deleted' },
      errors: ['404'],
    }),
  },
  '/api/v1/webhooks/{id}/test': {
    post: operation({
      operationId: 'testWebhook',
      summary: 'Send one webhook.test delivery, without retries',
      tags,
      access: WRITE,
      parameters: [idParameter],
      ok: { description: 'The result of the one attempt', schema: testResult },
      errors: ['404'],
    }),
  },
  '/api/v1/webhooks/{id}/deliveries': {
    get: operation({
      operationId: 'listWebhookDeliveries',
      summary: 'Delivery log of an endpoint, newest first, with every attempt',
      tags,
      access: READ,
      parameters: [
        idParameter,
        ...queryParameters(listDeliveriesQuery, {
          status: 'Only deliveries in this status',
          event: 'Only deliveries of this event',
        }),
      ],
      ok: { description: 'A page of deliveries', schema: pageOf(delivery) },
      errors: ['404'],
    }),
  },
  '/api/v1/webhooks/{id}/deliveries/{deliveryId}/replay': {
    post: operation({
      operationId: 'replayWebhookDelivery',
      summary: 'Send a delivery again: same envelope and id, one new attempt',
      tags,
      access: WRITE,
      parameters: [idParameter, deliveryId],
      ok: { description: 'The delivery with the new attempt', schema: delivery },
      errors: ['404', '409'],
    }),
  },
};
