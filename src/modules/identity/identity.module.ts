import type { FakturaModule } from '../../core/module';
import { IdentityResolver } from './identity.resolver';
import { identityRoutes } from './identity.routes';

export const identityModule: FakturaModule = {
  name: 'identity',
  routes: (api, c) => identityRoutes(api, c.identity),
  resolvers: (c) => [new IdentityResolver(c.identity)],
};
