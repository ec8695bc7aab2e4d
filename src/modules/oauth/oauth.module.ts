import { CZ_TZ } from '../../core/clock';
import type { FakturaModule } from '../../core/module';
import { OAUTH_PURGE_JOB, purgeExpiredOAuth } from './oauth-purge';
import { oauthOpenApi } from './oauth.openapi';
import { OAuthResolver } from './oauth.resolver';
import { oauthRoutes } from './oauth.routes';
import { consentPage } from './pages/consent.page';
import { loginPage } from './pages/login.page';
import { metadataRoute, protocolRoutes } from './protocol.routes';

/** OAuth 2.0 authorization server: applications, consent screen, token endpoint, effective access. */
export const oauthModule: FakturaModule = {
  name: 'oauth',
  routes(api, c) {
    protocolRoutes(api, c);
    oauthRoutes(api, c);
  },
  rootRoutes(root, c) {
    metadataRoute(root, c);
    loginPage(root, c, c.pageCsrf);
    consentPage(root, c, c.pageCsrf, c.oauthAuthorization);
  },
  resolvers: (c) => [new OAuthResolver(c.oauthApplications, c.oauthGrants)],
  openapi: oauthOpenApi,
  async setup(c) {
    c.scheduler.define(OAUTH_PURGE_JOB, async () => {
      const purged = await purgeExpiredOAuth(c.orm.em.fork(), c.clock);
      c.logger.info({ purged }, 'expired OAuth codes and tokens purged');
    });
    await c.scheduler.ensureRecurring(OAUTH_PURGE_JOB, 'daily', '30 3 * * *', CZ_TZ);
  },
};
