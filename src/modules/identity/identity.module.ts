import { defineModule } from '../../core/module';
import { Migration0001Foundation } from '../../migrations/Migration0001Foundation';
import { Migration0016Sessions } from '../../migrations/Migration0016Sessions';
import { Department } from './department.entity';
import { identityOpenApi } from './identity.openapi';
import { IdentityResolver } from './identity.resolver';
import { identityRoutes } from './identity.routes';
import { IdentityService } from './identity.service';
import { Membership } from './membership.entity';
import { Organization } from './organization.entity';
import { Passwords } from './passwords';
import { Session } from './session.entity';
import { SESSION_PREFIX, SessionStore } from './session-store';
import { SessionVerifier } from './session.verifier';
import { SessionsService } from './sessions.service';
import { User } from './user.entity';

// What other modules may use of identity besides the services below: the records their entities point
// at (an organization's plan included), the base classes of the records a company owns, the membership
// row the credential lookups read, and the plan input of the test controls.
export { Department } from './department.entity';
export { planInput } from './identity.inputs';
export { Organization, PLANS, type Plan } from './organization.entity';
export { OrganizationIdRecord, OrganizationRecord } from './organization-record.entity';
export { User } from './user.entity';
export type { MembershipRow } from './session.verifier';

/** Organizations, people, memberships, departments and sessions. */
export const identityModule = defineModule({
  name: 'identity',
  entities: [Organization, User, Membership, Department, Session],
  migrations: [Migration0001Foundation, Migration0016Sessions],
  openapi: identityOpenApi,
  build: ({ infra }) => {
    const passwords = new Passwords();
    const sessions = new SessionStore(infra.clock, infra.config.SESSION_TTL_SECONDS);
    const identity = new IdentityService(infra.clock, passwords, sessions, infra.audit);
    const account = new SessionsService(passwords, sessions, infra.audit);
    const sessionVerifier = new SessionVerifier(infra.clock);
    return {
      services: { identity, account, passwords, sessionVerifier },
      routes: { api: (api) => identityRoutes(api, identity, account, infra.config.PUBLIC_URL) },
      resolvers: [new IdentityResolver(identity, account)],
      // Session tokens are for people, in the api area (REST, GraphQL, web pages) only.
      verifiers: [{ prefix: SESSION_PREFIX, area: 'api', verifier: sessionVerifier }],
    };
  },
});
