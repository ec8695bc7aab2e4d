import { defineModule } from '../../core/module';
import { Migration0001Foundation } from '../../migrations/Migration0001Foundation';
import { Department } from './department.entity';
import { identityOpenApi } from './identity.openapi';
import { IdentityResolver } from './identity.resolver';
import { identityRoutes } from './identity.routes';
import { IdentityService } from './identity.service';
import { Membership } from './membership.entity';
import { Organization } from './organization.entity';
import { Passwords } from './passwords';
import { SessionTokens } from './session-tokens';
import { SessionVerifier } from './session.verifier';
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
export { User } from './user.entity';
export type { MembershipRow } from './session.verifier';

/** Organizations, people, memberships, departments and sessions. */
export const identityModule = defineModule({
  name: 'identity',
  entities: [Organization, User, Membership, Department],
  migrations: [Migration0001Foundation],
  openapi: identityOpenApi,
  build: ({ infra }) => {
    const passwords = new Passwords();
    const sessions = new SessionTokens(infra.sessionSecret, infra.clock, infra.config.SESSION_TTL_SECONDS);
    const identity = new IdentityService(infra.clock, passwords, sessions);
    const sessionVerifier = new SessionVerifier(sessions);
    return {
      services: { identity, passwords, sessionVerifier },
      routes: { api: (api) => identityRoutes(api, identity) },
      resolvers: [new IdentityResolver(identity)],
      sessionVerifier,
    };
  },
});
