import { Migration0001Foundation } from '../../migrations/Migration0001Foundation';
import { Migration0007OutboxConsumers } from '../../migrations/Migration0007OutboxConsumers';
import { Migration0013OutboxConsumerHistory } from '../../migrations/Migration0013OutboxConsumerHistory';
import { defineModule } from '../module';
import { daysBefore, retentionJob } from '../retention';
import { deletePassedEvents } from './outbox.queries';
import { OutboxEvent } from './outbox-event.entity';

/**
 * The event outbox's tables (event_outbox, outbox_consumers, outbox_deliveries). The outbox itself is
 * infrastructure: services record through `infra.events`, the root subscribes every module's
 * `consumers` to `infra.dispatcher`; modules need not depend on this manifest. Its daily retention job
 * deletes events every consumer has passed (RETENTION_OUTBOX_DAYS).
 */
export const outboxModule = defineModule({
  name: 'outbox',
  entities: [OutboxEvent],
  migrations: [Migration0001Foundation, Migration0007OutboxConsumers, Migration0013OutboxConsumerHistory],
  build: ({ infra }) => ({
    jobs: [
      retentionJob('outbox', infra, [
        {
          kind: 'events',
          deleteBatch: (em, now, limit) =>
            deletePassedEvents(em, daysBefore(now, infra.config.RETENTION_OUTBOX_DAYS), limit),
        },
      ]),
    ],
  }),
});
