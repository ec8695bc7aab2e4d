import { defineModule } from '../../core/module';
import { Migration0001Foundation } from '../../migrations/Migration0001Foundation';
import { Migration0007OutboxConsumers } from '../../migrations/Migration0007OutboxConsumers';
import { Migration0013OutboxConsumerHistory } from '../../migrations/Migration0013OutboxConsumerHistory';
import { OutboxEvent } from './outbox-event.entity';

/**
 * The event outbox. Services record through `infra.events`; the root subscribes every module's
 * `consumers` to `infra.dispatcher`. This manifest owns the outbox's tables.
 */
export const eventsModule = defineModule({
  name: 'events',
  entities: [OutboxEvent],
  migrations: [Migration0001Foundation, Migration0007OutboxConsumers, Migration0013OutboxConsumerHistory],
  build: () => ({}),
});
