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
