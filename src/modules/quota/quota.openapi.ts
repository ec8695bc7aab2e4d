import * as oa from '../../core/openapi/builders';
import { OWN_CREDENTIAL } from './quota.routes';

/** OpenAPI 3.1 parts of the quota: the headers every metered response carries, the 429, and GET /api/v1/quota. */
const unixSeconds: oa.Schema = { ...oa.integer, description: 'Unix seconds of the next 1st of the month, 00:00 UTC' };
const countOrUnlimited: oa.Schema = {
  oneOf: [
    { ...oa.integer, minimum: 0 },
    { type: 'string', const: 'unlimited' },
  ],
};

export const rateLimitHeadersDoc = {
  'X-RateLimit-Limit': { description: 'Monthly limit of the credential, or the word unlimited', schema: oa.string },
  'X-RateLimit-Remaining': { description: 'Requests left after counting this one, or unlimited', schema: oa.string },
  'X-RateLimit-Used': { description: 'Requests used this UTC month, this one included', schema: oa.integer },
  'X-RateLimit-Reset': { description: 'Unix seconds of the next 1st of the month, 00:00 UTC', schema: oa.integer },
};

export const quotaExceededResponse = {
  description:
    'RATE_LIMIT_EXCEEDED: the monthly quota of this credential is used up; every request gets 429 until the reset, and none is counted',
  headers: { ...rateLimitHeadersDoc, 'Retry-After': { description: 'Seconds until the reset', schema: oa.integer } },
  content: {
    'application/json': {
      schema: oa.object({
        error: { ...oa.string, const: 'Too Many Requests' },
        message: oa.string,
        code: { ...oa.string, const: 'RATE_LIMIT_EXCEEDED' },
        limit: oa.integer,
        used: oa.integer,
        resetAt: unixSeconds,
        upgrade: { ...oa.boolean, description: 'True when a plan with a higher limit exists' },
      }),
    },
  },
};

export const quotaOpenApi: oa.PathItems = {
  '/api/v1/quota': {
    get: oa.operation({
      operationId: 'getQuota',
      summary: "The calling credential's request quota this month",
      description:
        'Counted per (organization, credential): an API key, or an OAuth application acting in the organization. `used` includes this request. A session gets 403: quotas belong to API keys and OAuth applications.',
      tags: ['Quota'],
      access: OWN_CREDENTIAL,
      ok: {
        description: 'Current usage',
        headers: rateLimitHeadersDoc,
        schema: oa.object({
          plan: { ...oa.string, enum: ['FREE', 'BASIC', 'PRO', 'AI'] },
          limit: countOrUnlimited,
          used: { ...oa.integer, minimum: 0 },
          remaining: countOrUnlimited,
          resetAt: unixSeconds,
        }),
      },
    }),
  },
};
