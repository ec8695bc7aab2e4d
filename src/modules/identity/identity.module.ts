import { CZ_TZ } from '../../core/clock';
import { defineModule } from '../../core/module';
import { retentionJob } from '../../core/retention';
import { Migration0001Foundation } from '../../migrations/Migration0001Foundation';
import { Migration0016Sessions } from '../../migrations/Migration0016Sessions';
import { Migration0017SignInThrottle } from '../../migrations/Migration0017SignInThrottle';
import { Migration0018TwoFactor } from '../../migrations/Migration0018TwoFactor';
import { Migration0021RetentionIndexes } from '../../migrations/Migration0021RetentionIndexes';
import { Migration0050PersonLanguage } from '../../migrations/Migration0050PersonLanguage';
import { Department } from './department.entity';
import { identityOpenApi } from './identity.openapi';
import { deleteOverSessions } from './identity.queries';
import { IdentityResolver } from './identity.resolver';
import { identityRoutes } from './identity.routes';
import { IdentityService } from './identity.service';
import { Membership } from './membership.entity';
import { Organization } from './organization.entity';
import { CHEAP_TEST_COST, HashSlots, Passwords, STANDARD_COST } from './passwords';
import { Session } from './session.entity';
import { SESSION_PREFIX, SessionStore } from './session-store';
import { SessionVerifier } from './session.verifier';
import { SessionsService } from './sessions.service';
import { SIGN_IN_PURGE_JOB, SignInThrottle } from './sign-in-throttle';
import { twoFactorOpenApi } from './two-factor.openapi';
import { TwoFactorResolver } from './two-factor.resolver';
import { twoFactorRoutes } from './two-factor.routes';
import { TwoFactorService } from './two-factor.service';
import { User } from './user.entity';

// What other modules may use of identity besides the services below: the records their entities point
// at (an organization's plan included), the base classes of the records a company owns, the membership
// row the credential lookups read, the plan input of the test controls, and the GraphQL types of
// section permissions (API keys show and take them too).
export { Department } from './department.entity';
export { planInput } from './identity.inputs';
export { PermissionsInput, PermissionsType } from './identity.types';
export { Organization, PLANS, type Plan } from './organization.entity';
export { OrganizationIdRecord, OrganizationRecord } from './organization-record.entity';
export { User, PERSON_LANGUAGES, type PersonLanguage } from './user.entity';
export { MeType } from './identity.types';
export type { MembershipRow } from './session.verifier';
export { TooManyAttempts } from './identity.errors';
export type { SignInAttempt } from './sign-in-throttle';

/** Organizations, people, memberships, departments and sessions. */
export const identityModule = defineModule({
  name: 'identity',
  entities: [Organization, User, Membership, Department, Session],
  migrations: [
    Migration0001Foundation,
    Migration0016Sessions,
    Migration0017SignInThrottle,
    Migration0018TwoFactor,
    Migration0021RetentionIndexes,
    Migration0050PersonLanguage,
  ],
  openapi: { ...identityOpenApi, ...twoFactorOpenApi },
  build: ({ infra }) => {
    const { config } = infra;
    const passwords = new Passwords(
      HashSlots.forThreadPool(config.UV_THREADPOOL_SIZE),
      config.TEST_CONTROLS && config.TEST_CHEAP_PASSWORD_HASHES ? CHEAP_TEST_COST : STANDARD_COST,
    );
    const signInThrottle = new SignInThrottle(infra.clock, {
      failedPerIpMinute: config.AUTH_FAILED_PER_IP_MINUTE,
      signupsPerIpHour: config.AUTH_SIGNUPS_PER_IP_HOUR,
    });
    const sessions = new SessionStore(infra.clock, config.SESSION_TTL_SECONDS);
    const twoFactor = new TwoFactorService(infra.clock, passwords, infra.secretBox, infra.audit, signInThrottle);
    const identity = new IdentityService(infra.clock, passwords, sessions, signInThrottle, infra.audit, twoFactor);
    const account = new SessionsService(passwords, sessions, infra.audit, signInThrottle);
    const sessionVerifier = new SessionVerifier(infra.clock);
    return {
      services: { identity, account, passwords, sessionVerifier, signInThrottle, twoFactor },
      routes: {
        api: (api) => {
          identityRoutes(api, identity, account, config.PUBLIC_URL);
          twoFactorRoutes(api, identity, twoFactor);
        },
      },
      resolvers: [new IdentityResolver(identity, account), new TwoFactorResolver(twoFactor)],
      // Session tokens are for people, in the api area (REST, GraphQL, web pages) only.
      verifiers: [{ prefix: SESSION_PREFIX, area: 'api', verifier: sessionVerifier }],
      jobs: [
        {
          name: SIGN_IN_PURGE_JOB,
          run: async () => {
            const purged = await signInThrottle.purge(infra.orm.em.fork());
            infra.logger.debug({ purged }, 'sign-in counters of past windows purged');
          },
          recurring: { key: 'hourly', cron: '17 * * * *', timezone: CZ_TZ },
        },
        // Sessions go once expired or ended (nothing reads them after that).
        retentionJob('identity', infra, [{ kind: 'sessions', deleteBatch: deleteOverSessions }]),
      ],
    };
  },
});
