import { object, operation, pageOf, string, type PathItems } from '../openapi/openapi.builders';

const catalogEvent = object({
  event: { ...string, examples: ['document.created'] },
  description: string,
  dataFields: { type: 'array', items: string, description: 'Field names of data in the delivery envelope' },
});

export const webhooksOpenApi: PathItems = {
  '/api/v1/webhooks/events': {
    get: operation({
      operationId: 'listWebhookEvents',
      summary: 'The webhook event catalog',
      description: 'Every event a webhook endpoint can subscribe to, with its payload fields. The whole catalog is one page (nextCursor null).',
      tags: ['Webhooks'],
      access: { section: 'automations', access: 'read' },
      ok: { description: 'The catalog', schema: pageOf(catalogEvent) },
    }),
  },
};
