import type { Clock } from '../../core/clock';
import { defineModule, type Metering } from '../../core/module';
import { Migration0002Quota } from '../../migrations/Migration0002Quota';
import { apiKeysModule } from '../apikeys/apikeys.module';
import { oauthModule } from '../oauth/oauth.module';
import { CountingVerifier, type CredentialLookup } from './counting-verifier';
import { CredentialUsageDirectory } from './credential-usage';
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
function quotaMetering<K, T>(
  clock: Clock,
  counter: QuotaCounter,
  lookups: { apiKey: CredentialLookup<K>; accessToken: CredentialLookup<T> },
): Metering {
  const precounted: PrecountedRequests = new WeakMap();
  const { apiKey, accessToken } = lookups;
  return {
    meter: new QuotaMeter(clock, counter, precounted),
    verifiers: [
      {
        prefix: apiKey.prefix,
        verifier: new CountingVerifier(clock, precounted, {
          ...apiKey,
          statementName: 'quota_authenticate_api_key_and_count',
          credentialType: 'apiKey',
        }),
      },
      {
        prefix: accessToken.prefix,
        verifier: new CountingVerifier(clock, precounted, {
          ...accessToken,
          statementName: 'quota_authenticate_access_token_and_count',
          credentialType: 'oauth',
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
  build: ({ infra, apikeys, oauth }) => {
    const counter = new QuotaCounter();
    const directory = new CredentialUsageDirectory({
      apiKeys: (em, organizationId) => apikeys.apiKeys.namesOf(em, organizationId),
      applications: (em, organizationId, alsoIds) => oauth.applications.actingIn(em, organizationId, alsoIds),
    });
    const quota = new QuotaService(infra.clock, counter, directory);
    return {
      services: { quota },
      routes: { api: (api) => quotaRoutes(api, quota) },
      resolvers: [new QuotaResolver(quota)],
      // QUOTA_METERING=off exists for the benchmark comparison only: the plain verifiers, nothing counted or sent.
      metering: infra.config.QUOTA_METERING
        ? quotaMetering(infra.clock, counter, { apiKey: apikeys.lookup, accessToken: oauth.lookup })
        : undefined,
    };
  },
});
export { quotaExceededResponse } from './quota.openapi';
