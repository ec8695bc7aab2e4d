import type { FakturaModule } from '../../core/module';
import { API_KEY_PREFIX } from '../apikeys/api-key.verifier';
import { ACCESS_TOKEN_PREFIX } from '../oauth/token.service';
import { CountingAccessTokenVerifier } from './counting-access-token.verifier';
import { CountingApiKeyVerifier } from './counting-api-key.verifier';
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
    c.authenticator.register(API_KEY_PREFIX, new CountingApiKeyVerifier(c.clock, precounted));
    c.authenticator.register(ACCESS_TOKEN_PREFIX, new CountingAccessTokenVerifier(c.clock, precounted));
    c.gate.useMeter(new QuotaMeter(c.clock, c.quotaCounter, precounted));
  },
};
