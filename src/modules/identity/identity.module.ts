import type { FakturaModule } from '../../core/module';
import { IdentityResolver } from './identity.resolver';
import { identityRoutes } from './identity.routes';
import { identityOpenApi } from './identity.openapi';

export const identityModule: FakturaModule = {
  name: 'identity',
  openapi: identityOpenApi,
  routes: (api, c) => identityRoutes(api, c.identity),
  resolvers: (c) => [new IdentityResolver(c.identity)],
};
