import { MANAGERS } from '../../core/http/gate';
import { createApiKeyInput } from './apikeys.service';
import * as oa from '../../core/openapi/builders';

const apiKey = oa.object({
  id: oa.uuid,
  name: oa.string,
  redacted: { ...oa.string, description: 'For display, e.g. fk_3f9a…c21e' },
  createdAt: oa.dateTime,
});
const common = {
  tags: ['API keys'],
  access: MANAGERS,
  description: 'OWNER or ADMIN session. A key reaches every section of its company.',
};

export const apiKeysOpenApi: oa.PathItems = {
  '/api/v1/api-keys': {
    post: oa.operation({
      ...common,
      operationId: 'createApiKey',
      summary: 'Issue an API key',
      body: createApiKeyInput,
      ok: {
        status: '201',
        description: 'The key; `key` is shown only in this response (only its SHA-256 is kept)',
        schema: {
          ...apiKey,
          required: [...(apiKey.required as string[]), 'key'],
          properties: { ...(apiKey.properties as object), key: { ...oa.string, pattern: '^fk_[0-9a-f]{64}$' } },
        },
      },
      errors: ['400'],
    }),
    get: oa.operation({
      ...common,
      operationId: 'listApiKeys',
      summary: 'API keys of the company',
      parameters: oa.pageParameters,
      ok: { description: 'A page of keys (redacted)', schema: oa.pageOf(apiKey) },
      errors: ['400'],
    }),
  },
  '/api/v1/api-keys/{id}': {
    delete: oa.operation({
      ...common,
      operationId: 'deleteApiKey',
      summary: 'Delete an API key; it answers 401 from its next request',
      parameters: [oa.idParameter],
      ok: { status: '204', description: 'Deleted' },
      errors: ['404'],
    }),
  },
};
