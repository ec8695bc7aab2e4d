import type { FakturaModule } from '../../core/module';
import { operation, type PathItems } from './openapi.builders';
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

/**
 * Serves the description of every module's routes. It takes the module list lazily because it is
 * itself one of the modules.
 */
export function openApiModule(allModules: () => readonly FakturaModule[]): FakturaModule {
  return {
    name: 'openapi',
    routes(api, c) {
      let document: Record<string, unknown> | null = null;
      api.get('/openapi.json', { public: true }, (ctx) => {
        document ??= buildOpenApiDocument(allModules(), c.config);
        ctx.body = document;
      });
    },
    openapi: openApiPaths,
  };
}
