import { Migration0001Foundation } from '../../migrations/Migration0001Foundation';
import { Migration0007OutboxConsumers } from '../../migrations/Migration0007OutboxConsumers';
import { Migration0013OutboxConsumerHistory } from '../../migrations/Migration0013OutboxConsumerHistory';
import { defineModule } from '../module';
import { OutboxEvent } from './outbox-event.entity';

/**
 * The event outbox's tables (event_outbox, outbox_consumers, outbox_deliveries). The outbox itself is
 * infrastructure: services record through `infra.events`, the root subscribes every module's
 * `consumers` to `infra.dispatcher`; modules need not depend on this manifest.
 */
export const outboxModule = defineModule({
  name: 'outbox',
  entities: [OutboxEvent],
  migrations: [Migration0001Foundation, Migration0007OutboxConsumers, Migration0013OutboxConsumerHistory],
  build: () => ({}),
});
