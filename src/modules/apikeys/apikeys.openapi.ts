import { MANAGERS } from '../../core/http/gate';
import { createApiKeyInput } from './apikeys.service';
import {
  dateTime,
  idParameter,
  object,
  operation,
  pageOf,
  pageParameters,
  string,
  uuid,
  type PathItems,
} from '../../core/openapi/builders';

const apiKey = object({
  id: uuid,
  name: string,
  redacted: { ...string, description: 'For display, e.g. fk_3f9a…c21e' },
  createdAt: dateTime,
});
const common = {
  tags: ['API keys'],
  access: MANAGERS,
  description: 'OWNER or ADMIN session. A key reaches every section of its company.',
};

export const apiKeysOpenApi: PathItems = {
  '/api/v1/api-keys': {
    post: operation({
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
          properties: { ...(apiKey.properties as object), key: { ...string, pattern: '^fk_[0-9a-f]{64}$' } },
        },
      },
      errors: ['400'],
    }),
    get: operation({
      ...common,
      operationId: 'listApiKeys',
      summary: 'API keys of the company',
      parameters: pageParameters,
      ok: { description: 'A page of keys (redacted)', schema: pageOf(apiKey) },
      errors: ['400'],
    }),
  },
  '/api/v1/api-keys/{id}': {
    delete: operation({
      ...common,
      operationId: 'deleteApiKey',
      summary: 'Delete an API key; it answers 401 from its next request',
      parameters: [idParameter],
      ok: { status: '204', description: 'Deleted' },
      errors: ['404'],
    }),
  },
};
