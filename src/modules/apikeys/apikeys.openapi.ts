import { SECTIONS } from '../../core/access';
import { MANAGERS } from '../../core/http/gate';
import { createApiKeyInput } from './apikeys.service';
import * as oa from '../../core/openapi/builders';

const apiKey = oa.object({
  id: oa.uuid,
  name: oa.string,
  redacted: { ...oa.string, description: 'For display, e.g. fk_3f9a…c21e' },
  permissions: {
    ...oa.object(Object.fromEntries(SECTIONS.map((s) => [s, { type: 'string', enum: ['none', 'read', 'write'] }]))),
    description: 'The level of every section the key reaches (keys created before access scoping: write on all)',
  },
  departmentIds: {
    type: ['array', 'null'],
    items: oa.uuid,
    description: "Its creator's billing departments: the only documents the key reaches (null = all)",
  },
  createdAt: oa.dateTime,
});
const common = {
  tags: ['API keys'],
  access: MANAGERS,
  description: 'OWNER or ADMIN session.',
};

export const apiKeysOpenApi: oa.PathItems = {
  '/api/v1/api-keys': {
    post: oa.operation({
      ...common,
      operationId: 'createApiKey',
      summary: 'Issue an API key',
      description:
        "OWNER or ADMIN session. The key reaches the sections and levels in `permissions` (a section left out: none; default: its creator's), never more than its creator holds (403 FORBIDDEN naming the refused scope), and only its creator's billing departments. An OWNER's key without `permissions` reaches everything.",
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
