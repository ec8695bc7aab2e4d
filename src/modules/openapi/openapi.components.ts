import { ALL_SCOPES } from '../../core/access';
import type { Config } from '../../config';
import { quotaExceededResponse } from '../quota/quota.module';
import { integer, nullableString, object, string, uuid } from '../../core/openapi/builders';

const errorBody = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

/** Shared parts of the description: schemes, the error body, the page shape, common answers. */
export function components(config: Config): Record<string, unknown> {
  return {
    securitySchemes: {
      apiKey: {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'fk_<64 hex>',
        description:
          'API key issued by the company to itself (POST /api/v1/api-keys). Reaches every section of its company; metered.',
      },
      oauth2: {
        type: 'oauth2',
        description:
          'OAuth 2.0 access token (fat_<64 hex>) sent as Authorization: Bearer. Effective access = approved scopes ∩ the granting user’s current permissions; metered per application. X-Organization-Id must not be sent.',
        flows: {
          authorizationCode: {
            authorizationUrl: `${config.PUBLIC_URL}/api/v1/oauth/authorize`,
            tokenUrl: `${config.PUBLIC_URL}/api/v1/oauth/token`,
            refreshUrl: `${config.PUBLIC_URL}/api/v1/oauth/token`,
            scopes: Object.fromEntries(
              ALL_SCOPES.map((s) => [
                s,
                `${s.endsWith(':write') ? 'Read and change' : 'Read'} the ${s.split(':')[0]} section`,
              ]),
            ),
          },
        },
      },
      session: {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'fks_<64 hex>',
        description:
          'Server-side session of a logged-in person (POST /api/v1/auth/login), ended by logout, password change or removal; X-Organization-Id picks the company when the person belongs to several.',
      },
      sessionCookie: {
        type: 'apiKey',
        in: 'cookie',
        name: 'session',
        description:
          'The same session token as a cookie (web application). A request authenticated by it that changes state (any method but GET, HEAD, OPTIONS) must send JSON (Content-Type application/json) or the X-Faktura-Csrf header (any non-empty value), else 403 FORBIDDEN (CSRF).',
      },
      posDevice: {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'pos_<64 hex>',
        description: 'Device token of one register; accepted only under /api/pos.',
      },
    },
    schemas: {
      Error: object(
        {
          error: { ...string, description: 'HTTP reason phrase, e.g. "Not Found"' },
          message: { ...string, description: 'For people' },
          code: {
            ...string,
            description: 'Stable, for programs: VALIDATION_FAILED, NOT_FOUND, FORBIDDEN, CONFLICT, ...',
          },
          details: {
            description: 'VALIDATION_FAILED: a list of {path, message}; FORBIDDEN: {requiredScope}',
            anyOf: [{ type: 'array', items: { $ref: '#/components/schemas/ValidationDetail' } }, { type: 'object' }],
          },
        },
        ['error', 'message', 'code'],
      ),
      ValidationDetail: object({ path: string, message: string }),
      Page: object(
        {
          data: { type: 'array', items: {} },
          nextCursor: { ...nullableString, description: 'Pass as ?cursor= for the next page; null on the last page' },
        },
        ['data', 'nextCursor'],
        { description: 'A page of a list, oldest first (keyset over createdAt, id).' },
      ),
    },
    parameters: {
      id: {
        name: 'id',
        in: 'path',
        required: true,
        description: 'Resource id (UUID); any other value is 404',
        schema: uuid,
      },
      limit: {
        name: 'limit',
        in: 'query',
        required: false,
        description: 'Page size',
        schema: { ...integer, minimum: 1, maximum: 200, default: 50 },
      },
      cursor: {
        name: 'cursor',
        in: 'query',
        required: false,
        description: 'nextCursor of the previous page',
        schema: { ...string, maxLength: 512 },
      },
      IdempotencyKey: {
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        description:
          'Optional (IETF httpapi idempotency-key draft, as Stripe): 1 to 255 characters, scoped to the credential ' +
          '(API key, OAuth application and person, session person) in its company, kept 24 hours. A repeat with the ' +
          'same method, path and body answers the first answer (status, Content-Type, Location, body) with ' +
          '`Idempotent-Replayed: true`; the same key with another request is 422 IDEMPOTENCY_KEY_MISMATCH; a repeat ' +
          'while the first still runs is 409 IDEMPOTENCY_KEY_IN_USE with Retry-After; a repeat of a first request whose ' +
          'server stopped after committing it but before keeping its answer is 409 IDEMPOTENCY_ANSWER_LOST (it is not ' +
          'run again). 5xx answers (and 408, 409, ' +
          '425, 429) are not kept: the key is free again.',
        schema: { ...string, minLength: 1, maxLength: 255 },
      },
    },
    responses: {
      IdempotencyKeyMismatch: errorBody(
        'IDEMPOTENCY_KEY_MISMATCH: this Idempotency-Key was used with another method, path or body',
      ),
      BadRequest: errorBody('VALIDATION_FAILED (wrong types or values, with details) or INVALID_JSON'),
      Unauthorized: errorBody('Missing, invalid, expired or revoked credential: "Invalid or expired token"'),
      Forbidden: errorBody('FORBIDDEN: the credential lacks the scope (details.requiredScope) or the role'),
      NotFound: errorBody('NOT_FOUND: no such resource in this organization'),
      Conflict: errorBody('CONFLICT or a more specific code: the request collides with the current state'),
      QuotaExceeded: quotaExceededResponse,
    },
  };
}
