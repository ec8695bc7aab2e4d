import type { FakturaModule } from '../../core/module';
import { ApiKeysResolver } from './apikeys.resolver';
import { apiKeyRoutes } from './apikeys.routes';
import { apiKeysOpenApi } from './apikeys.openapi';

export const apiKeysModule: FakturaModule = {
  name: 'apikeys',
  openapi: apiKeysOpenApi,
  routes: (api, c) => apiKeyRoutes(api, c.apiKeys),
  resolvers: (c) => [new ApiKeysResolver(c.apiKeys)],
};
