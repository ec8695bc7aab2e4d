import { defineModule } from '../../core/module';
import { Migration0001Foundation } from '../../migrations/Migration0001Foundation';
import { Migration0019AccessScoping } from '../../migrations/Migration0019AccessScoping';
import { identityModule } from '../identity/identity.module';
import { ApiKey } from './api-key.entity';
import { API_KEY_PREFIX, apiKeyLookup, ApiKeyVerifier } from './api-key.verifier';
import { apiKeysOpenApi } from './apikeys.openapi';
import { ApiKeysResolver } from './apikeys.resolver';
import { apiKeyRoutes } from './apikeys.routes';
import { ApiKeysService } from './apikeys.service';

export const apiKeysModule = defineModule({
  name: 'apikeys',
  dependsOn: [identityModule],
  entities: [ApiKey],
  migrations: [Migration0001Foundation, Migration0019AccessScoping],
  openapi: apiKeysOpenApi,
  build: ({ infra }) => {
    const apiKeys = new ApiKeysService(infra.clock, infra.audit);
    return {
      services: { apiKeys, lookup: apiKeyLookup },
      routes: { api: (api) => apiKeyRoutes(api, apiKeys) },
      resolvers: [new ApiKeysResolver(apiKeys)],
      verifiers: [{ prefix: API_KEY_PREFIX, area: 'api', verifier: new ApiKeyVerifier() }],
    };
  },
});
