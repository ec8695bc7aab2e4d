import type { FakturaModule } from '../../core/module';
import { ApiKeysResolver } from './apikeys.resolver';
import { apiKeyRoutes } from './apikeys.routes';

export const apiKeysModule: FakturaModule = {
  name: 'apikeys',
  routes: (api, c) => apiKeyRoutes(api, c.apiKeys),
  resolvers: (c) => [new ApiKeysResolver(c.apiKeys)],
};
