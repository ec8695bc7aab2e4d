import { defineModule, type AnyModule, type ModuleManifest } from '../../core/module';
import { operation, type PathItems } from '../../core/openapi/builders';
import { buildOpenApiDocument } from './openapi.document';

const openApiPaths: PathItems = {
  '/api/v1/openapi.json': {
    get: operation({
      operationId: 'getOpenApiDescription',
      summary: 'This description (OpenAPI 3.1)',
      tags: ['Meta'],
      access: { public: true },
      ok: { description: 'The OpenAPI 3.1 document', schema: { type: 'object' } },
    }),
  },
};

/** Serves the description of the given modules' routes and of its own. */
export function openApiModule(described: readonly AnyModule[]): ModuleManifest<'openapi', Record<string, never>> {
  const self = defineModule({
    name: 'openapi',
    openapi: openApiPaths,
    build: ({ infra: { config } }) => ({
      routes: {
        api(api) {
          let document: Record<string, unknown> | null = null;
          api.get('/openapi.json', { public: true }, (ctx) => {
            document ??= buildOpenApiDocument([...described, self], config);
            ctx.body = document;
          });
        },
      },
    }),
  });
  return self;
}
