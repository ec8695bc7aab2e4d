import { defineModule } from '../../core/module';
import { Migration0041SavedViews } from '../../migrations/Migration0041SavedViews';
import { identityModule } from '../identity/identity.module';
import { SavedView } from './saved-view.entity';
import { savedViewEvents } from './savedviews.events';
import { savedViewsOpenApi } from './savedviews.openapi';
import { SavedViewsResolver } from './savedviews.resolver';
import { savedViewRoutes } from './savedviews.routes';
import { SavedViewsService } from './savedviews.service';

// What the list-owning modules use: registering their list (savedViews.register) returns the ListViews their list applies.
export type { ListViews, ListRegistration } from './savedviews.service';

/**
 * Saved views of the lists (issue 27 point 5). Low in the module graph: the modules owning the lists
 * depend on it and register their list's query schema at build, so it knows none of them.
 */
export const savedViewsModule = defineModule({
  name: 'savedviews',
  dependsOn: [identityModule],
  events: savedViewEvents,
  entities: [SavedView],
  migrations: [Migration0041SavedViews],
  openapi: savedViewsOpenApi,
  build: ({ infra }) => {
    const savedViews = new SavedViewsService(infra.clock, infra.events);
    return {
      services: { savedViews },
      routes: { api: (api) => savedViewRoutes(api, savedViews) },
      resolvers: [new SavedViewsResolver(savedViews)],
    };
  },
});
