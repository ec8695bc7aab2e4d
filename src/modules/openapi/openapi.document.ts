import type { Config } from '../../config';
import type { AnyModule } from '../../core/module';
import { components } from './openapi.components';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/**
 * The OpenAPI 3.1 description assembled from every module's `openapi` path items. Two modules
 * describing the same operation is a programming error. Operations marked `x-test-control` are
 * left out unless TEST_CONTROLS is on, so the description lists exactly the routes that exist.
 */
/**
 * A security scheme no operation names is dropped (posDevice until the point-of-sale routes exist),
 * so the description lists only credentials some route accepts.
 */
function withoutUnusedSchemes(
  parts: Record<string, unknown>,
  paths: Record<string, Record<string, unknown>>,
): Record<string, unknown> {
  const used = new Set<string>();
  for (const item of Object.values(paths)) {
    for (const op of Object.values(item) as { security?: Record<string, unknown>[] }[])
      for (const req of op?.security ?? []) for (const k of Object.keys(req)) used.add(k);
  }
  const schemes = parts.securitySchemes as Record<string, unknown>;
  return {
    ...parts,
    securitySchemes: Object.fromEntries(
      Object.entries(schemes).filter(([name]) => used.has(name) || TOP_LEVEL_SCHEMES.includes(name)),
    ),
  };
}

/** RFC 6749 endpoints keep their protocol (no Idempotency-Key), as src/core/http/idempotency.ts. */
const OAUTH_PROTOCOL_PATH = /^\/api\/v1\/oauth\/(token|revoke|authorize)$/;
const WRITE_METHODS = ['post', 'put', 'patch', 'delete'];

/**
 * Declares Idempotency-Key (issue 24) where src/core/http/idempotency.ts honours it: every write of
 * /api/v1 that needs a credential (the key's scope), except the OAuth protocol endpoints, and POST
 * /graphql; with its 409 and 422 answers.
 */
function withIdempotencyKey(paths: Record<string, Record<string, unknown>>): void {
  for (const [path, item] of Object.entries(paths)) {
    if (!(path.startsWith('/api/v1/') || path === '/graphql') || OAUTH_PROTOCOL_PATH.test(path)) continue;
    for (const method of WRITE_METHODS) {
      const op = item[method] as
        { security?: unknown[]; parameters?: unknown[]; responses?: Record<string, unknown> } | undefined;
      if (!op || (path !== '/graphql' && op.security?.length === 0)) continue;
      // A copy: the modules' path items are shared by every description built.
      item[method] = {
        ...op,
        parameters: [...(op.parameters ?? []), { $ref: '#/components/parameters/IdempotencyKey' }],
        responses: {
          ...op.responses,
          '409': op.responses?.['409'] ?? { $ref: '#/components/responses/Conflict' },
          '422': { $ref: '#/components/responses/IdempotencyKeyMismatch' },
        },
      };
    }
  }
}

const TOP_LEVEL_SCHEMES = ['apiKey', 'oauth2', 'session', 'sessionCookie'];

export function buildOpenApiDocument(modules: readonly AnyModule[], config: Config): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const module of modules) {
    for (const [path, item] of Object.entries(module.openapi ?? {})) {
      const target = (paths[path] ??= {});
      for (const [key, value] of Object.entries(item)) {
        if (
          METHODS.includes(key) &&
          (value as { 'x-test-control'?: boolean })['x-test-control'] &&
          !config.TEST_CONTROLS
        )
          continue;
        if (key in target) throw new Error(`OpenAPI: ${key} ${path} is described twice (module ${module.name})`);
        target[key] = value;
      }
      if (!Object.keys(target).some((key) => METHODS.includes(key))) delete paths[path];
    }
  }
  withIdempotencyKey(paths);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Faktura API',
      version: '1.0.0',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Faktura-Proprietary' },
      summary:
        'Invoicing for Czech businesses: documents, contacts, price list, payments, reports, webhooks, OAuth 2.0, POS.',
      description:
        'REST under /api/v1, point of sale under /api/pos, GraphQL at /graphql over the same services. Bodies are JSON; ' +
        'errors are {error, message, code, details?}; lists are {data, nextCursor} with ?limit= (default 50, max 200) and ?cursor=. ' +
        'Every route needs the section access named in x-faktura-access (OAuth: the scope in its security requirement). ' +
        'Responses to API keys and OAuth tokens carry X-RateLimit-* headers.',
    },
    servers: [{ url: config.PUBLIC_URL }],
    security: TOP_LEVEL_SCHEMES.map((scheme) => ({ [scheme]: [] })),
    paths: Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b))),
    components: withoutUnusedSchemes(components(config), paths),
  };
}
