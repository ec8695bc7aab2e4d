import type { Clock } from '../../core/clock';
import { defineModule, type Metering } from '../../core/module';
import { Migration0002Quota } from '../../migrations/Migration0002Quota';
import {
  API_KEY_LOOKUP,
  API_KEY_PREFIX,
  apiKeyLookupParams,
  apiKeyPrincipal,
  type ApiKeyRow,
} from '../apikeys/api-key.verifier';
import { apiKeysModule } from '../apikeys/apikeys.module';
import {
  ACCESS_TOKEN_LOOKUP,
  accessTokenLookupParams,
  accessTokenPrincipal,
  type AccessTokenRow,
} from '../oauth/access-token.verifier';
import { oauthModule } from '../oauth/oauth.module';
import { ACCESS_TOKEN_PREFIX } from '../oauth/token.service';
import { CountingVerifier } from './counting-verifier';
import type { PrecountedRequests } from './precounted-requests';
import { QuotaCounter } from './quota-counter';
import { QuotaUsage } from './quota-usage.entity';
import { QuotaMeter } from './quota.meter';
import { quotaOpenApi } from './quota.openapi';
import { QuotaResolver } from './quota.resolver';
import { quotaRoutes } from './quota.routes';
import { QuotaService } from './quota.service';

/**
 * Monthly request quotas of API keys and OAuth applications. API keys and OAuth access tokens are
 * authenticated and counted in one statement each, so the meter then makes no round trip.
 */
function quotaMetering(clock: Clock, counter: QuotaCounter): Metering {
  const precounted: PrecountedRequests = new WeakMap();
  return {
    meter: new QuotaMeter(clock, counter, precounted),
    verifiers: [
      {
        prefix: API_KEY_PREFIX,
        verifier: new CountingVerifier<ApiKeyRow>(clock, precounted, {
          statementName: 'quota_authenticate_api_key_and_count',
          lookup: API_KEY_LOOKUP,
          credentialIdColumn: 'id',
          credentialType: 'apiKey',
          params: (request) => apiKeyLookupParams(request),
          principal: apiKeyPrincipal,
        }),
      },
      {
        prefix: ACCESS_TOKEN_PREFIX,
        verifier: new CountingVerifier<AccessTokenRow>(clock, precounted, {
          statementName: 'quota_authenticate_access_token_and_count',
          lookup: ACCESS_TOKEN_LOOKUP,
          credentialIdColumn: 'application_id',
          credentialType: 'oauth',
          params: accessTokenLookupParams,
          principal: accessTokenPrincipal,
        }),
      },
    ],
  };
}

export const quotaModule = defineModule({
  name: 'quota',
  dependsOn: [apiKeysModule, oauthModule],
  entities: [QuotaUsage],
  migrations: [Migration0002Quota],
  openapi: quotaOpenApi,
  build: ({ infra }) => {
    const counter = new QuotaCounter();
    const quota = new QuotaService(infra.clock, counter);
    return {
      services: { quota },
      routes: { api: (api) => quotaRoutes(api, quota) },
      resolvers: [new QuotaResolver(quota)],
      // QUOTA_METERING=off exists for the benchmark comparison only: the plain verifiers, nothing counted or sent.
      metering: infra.config.QUOTA_METERING ? quotaMetering(infra.clock, counter) : undefined,
    };
  },
});
export { quotaExceededResponse } from './quota.openapi';
