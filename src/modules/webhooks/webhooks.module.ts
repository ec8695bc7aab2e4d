import { defineModule } from '../../core/module';
import { eventsModule } from '../events/events.module';
import { EVENT_CATALOG } from './event-catalog';
import { webhooksOpenApi } from './webhooks.openapi';
import { WebhookEventsResolver } from './webhooks.resolver';

/** Webhooks (section automations). So far: the event catalog an endpoint may subscribe to. */
export const webhooksModule = defineModule({
  name: 'webhooks',
  dependsOn: [eventsModule],
  openapi: webhooksOpenApi,
  build: () => ({
    routes: {
      api(api) {
        api.get('/webhooks/events', { section: 'automations', access: 'read' }, (ctx) => {
          // The whole catalog always fits one page; the page shape keeps every list alike.
          ctx.body = { data: EVENT_CATALOG, nextCursor: null };
        });
      },
    },
    resolvers: [new WebhookEventsResolver()],
  }),
});
