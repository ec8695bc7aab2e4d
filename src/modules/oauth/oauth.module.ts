import { CZ_TZ } from '../../core/clock';
import { defineModule } from '../../core/module';
import { Migration0003OAuth } from '../../migrations/Migration0003OAuth';
import { identityModule } from '../identity/identity.module';
import { accessTokenLookup, AccessTokenVerifier } from './access-token.verifier';
import { ApplicationsService } from './applications.service';
import { AuthorizationService } from './authorization.service';
import { ClientAuthenticator } from './client-auth';
import { GrantsService } from './grants.service';
import { OAuthApplication } from './oauth-application.entity';
import { OAuthCode } from './oauth-code.entity';
import { OAuthConsent } from './oauth-consent.entity';
import { OAUTH_PURGE_JOB, purgeExpiredOAuth } from './oauth-purge';
import { OAuthTokenPair } from './oauth-token.entity';
import { oauthOpenApi } from './oauth.openapi';
import { OAuthResolver } from './oauth.resolver';
import { oauthRoutes } from './oauth.routes';
import { consentPage } from './pages/consent.page';
import { loginPage } from './pages/login.page';
import { CsrfTokens } from './pages/page-security';
import { metadataRoute, protocolRoutes } from './protocol.routes';
import { ACCESS_TOKEN_PREFIX, TokenService } from './token.service';

/** OAuth 2.0 authorization server: applications, consent screen, token endpoint, effective access. */
export const oauthModule = defineModule({
  name: 'oauth',
  dependsOn: [identityModule],
  entities: [OAuthApplication, OAuthConsent, OAuthCode, OAuthTokenPair],
  migrations: [Migration0003OAuth],
  openapi: oauthOpenApi,
  build: ({ infra, identity }) => {
    const { clock, config } = infra;
    const applications = new ApplicationsService(clock, identity.passwords, infra.audit);
    const grants = new GrantsService(clock, infra.audit);
    const authorization = new AuthorizationService(clock, grants, config.PUBLIC_URL, infra.audit);
    const tokens = new TokenService(
      clock,
      new ClientAuthenticator(identity.passwords, identity.signInThrottle),
      grants,
    );
    /** CSRF tokens of the web pages (/app/login, consent screen). */
    const csrf = new CsrfTokens(infra.sessionSecret);
    const log = infra.logger;
    return {
      services: { applications, grants, authorization, tokens, lookup: accessTokenLookup },
      routes: {
        api(api) {
          protocolRoutes(api, tokens, authorization);
          oauthRoutes(api, applications, grants);
        },
        root(root) {
          metadataRoute(root, config.PUBLIC_URL);
          loginPage(root, {
            identity: identity.identity,
            sessionVerifier: identity.sessionVerifier,
            csrf,
            sessionTtlSeconds: config.SESSION_TTL_SECONDS,
            publicUrl: config.PUBLIC_URL,
          });
          consentPage(root, identity.sessionVerifier, csrf, authorization);
        },
      },
      resolvers: [new OAuthResolver(applications, grants)],
      verifiers: [
        {
          prefix: ACCESS_TOKEN_PREFIX,
          area: 'api',
          refusesOrganizationHeader: true,
          verifier: new AccessTokenVerifier(clock),
        },
      ],
      jobs: [
        {
          name: OAUTH_PURGE_JOB,
          run: async () => {
            const purged = await purgeExpiredOAuth(infra.orm.em.fork(), clock);
            log.info({ purged }, 'expired OAuth codes and tokens purged');
          },
          recurring: { key: 'daily', cron: '30 3 * * *', timezone: CZ_TZ },
        },
      ],
    };
  },
});
