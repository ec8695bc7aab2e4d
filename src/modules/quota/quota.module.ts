import type { FakturaModule } from '../../core/module';
import { API_KEY_PREFIX } from '../apikeys/api-key.verifier';
import { CountingApiKeyVerifier, type PrecountedRequests } from './counting-api-key.verifier';
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
    // API keys are authenticated and counted in one statement; other metered kinds (OAuth) by the meter's own upsert.
    const precounted: PrecountedRequests = new WeakMap();
    c.authenticator.register(API_KEY_PREFIX, new CountingApiKeyVerifier(c.clock, precounted));
    c.gate.useMeter(new QuotaMeter(c.clock, c.quotaCounter, precounted));
  },
};
