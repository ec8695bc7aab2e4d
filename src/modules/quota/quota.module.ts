import type { FakturaModule } from '../../core/module';
import { API_KEY_LOOKUP, API_KEY_PREFIX, apiKeyLookupParams, apiKeyPrincipal, type ApiKeyRow } from '../apikeys/api-key.verifier';
import { ACCESS_TOKEN_LOOKUP, accessTokenLookupParams, accessTokenPrincipal, type AccessTokenRow } from '../oauth/access-token.verifier';
import { ACCESS_TOKEN_PREFIX } from '../oauth/token.service';
import { CountingVerifier } from './counting-verifier';
import type { PrecountedRequests } from './precounted-requests';
import { QuotaMeter } from './quota.meter';
import { quotaOpenApi } from './quota.openapi';
import { QuotaResolver } from './quota.resolver';
import { quotaRoutes } from './quota.routes';

export const quotaModule: FakturaModule = {
  name: 'quota',
  routes: (api, c) => quotaRoutes(api, c.quota),
  resolvers: (c) => [new QuotaResolver(c.quota)],
  openapi: quotaOpenApi,
  setup(c) {
    // QUOTA_METERING=off exists for the benchmark comparison only: nothing is counted or sent.
    if (!c.config.QUOTA_METERING) return;
    // API keys and OAuth access tokens are authenticated and counted in one statement each (the meter then makes no round trip).
    const precounted: PrecountedRequests = new WeakMap();
    c.authenticator.register(
      API_KEY_PREFIX,
      new CountingVerifier<ApiKeyRow>(c.clock, precounted, {
        statementName: 'quota_authenticate_api_key_and_count',
        lookup: API_KEY_LOOKUP,
        credentialIdColumn: 'id',
        credentialType: 'apiKey',
        params: (request) => apiKeyLookupParams(request),
        principal: apiKeyPrincipal,
      }),
    );
    c.authenticator.register(
      ACCESS_TOKEN_PREFIX,
      new CountingVerifier<AccessTokenRow>(c.clock, precounted, {
        statementName: 'quota_authenticate_access_token_and_count',
        lookup: ACCESS_TOKEN_LOOKUP,
        credentialIdColumn: 'application_id',
        credentialType: 'oauth',
        params: accessTokenLookupParams,
        principal: accessTokenPrincipal,
      }),
    );
    c.gate.useMeter(new QuotaMeter(c.clock, c.quotaCounter, precounted));
  },
};
