import { AdjustableClock } from '../../core/clock';
import { BadRequestError } from '../../core/errors';
import type { ApiRouter } from '../../core/http/api-router';
import type { Scheduler } from '../../core/jobs/scheduler';
import type { MailSender } from '../../core/mail/mail-sender';
import { mailModule } from '../../core/mail/mail.module';
import { defineModule, type EventConsumerSpec, type ServicesOf } from '../../core/module';
import type { EventOutbox, RecordedEvent } from '../../core/outbox/event-outbox';
import type { OutboxDispatcher } from '../../core/outbox/outbox-dispatcher';
import { parseInput } from '../../core/validation';
import { identityModule, planInput } from '../identity/identity.module';
import { clockInput, eventsQuery } from './test-controls.inputs';
import { testControlsOpenApi } from './test-controls.openapi';

/**
 * DESIGN 3 test controls: only registered with TEST_CONTROLS=1 (refused in production), no
 * authentication. They move the Clock, run due jobs (and send the e-mails due), set plans and show the outbox. With
 * TEST_OUTBOX_RECORDER=1 a `test-recorder` outbox consumer keeps every event it receives in memory,
 * listed by GET /api/test/outbox/received (tests of a process restarted on the same database).
 */
export const testControlsModule = defineModule({
  name: 'test-controls',
  dependsOn: [identityModule, mailModule],
  openapi: testControlsOpenApi,
  build: ({ infra, identity: { identity }, mail: { sender } }) => {
    if (!infra.config.TEST_CONTROLS) return {};
    const { clock, dispatcher, scheduler, events } = infra;
    if (!(clock instanceof AdjustableClock)) throw new Error('Test controls need the AdjustableClock');
    const received: RecordedEvent[] = [];
    const consumers: EventConsumerSpec[] = infra.config.TEST_OUTBOX_RECORDER
      ? [{ name: 'test-recorder', consume: (_em, event) => void received.push(event) }]
      : [];
    return {
      routes: {
        root: (api) => testControlRoutes(api, { clock, dispatcher, scheduler, events, identity, received, sender }),
      },
      consumers,
    };
  },
});

interface TestControlDeps {
  clock: AdjustableClock;
  dispatcher: OutboxDispatcher;
  scheduler: Scheduler;
  events: EventOutbox<object>;
  identity: ServicesOf<typeof identityModule>['identity'];
  received: readonly RecordedEvent[];
  sender: MailSender;
}

function testControlRoutes(
  api: ApiRouter,
  { clock, dispatcher, scheduler, events, identity, received, sender }: TestControlDeps,
): void {
  api
    .get('/api/test/clock', { public: true }, (ctx) => {
      ctx.body = { now: clock.now().toISOString() };
    })
    .post('/api/test/clock', { public: true }, (ctx) => {
      const input = parseInput(clockInput, ctx.request.body);
      if ('now' in input) clock.set(new Date(input.now));
      else clock.advance(input.advanceSeconds);
      ctx.body = { now: clock.now().toISOString() };
    })
    .post('/api/test/jobs/run-due', { public: true }, async (ctx) => {
      await dispatcher.drain();
      const ran = await scheduler.runDue();
      await dispatcher.drain();
      await sender.settle();
      ctx.body = { ran };
    })
    .put('/api/test/organizations/:id/plan', { public: true }, async (ctx) => {
      const { plan } = parseInput(planInput, ctx.request.body);
      if (!/^[0-9a-f-]{36}$/i.test(ctx.params.id)) throw new BadRequestError('Invalid organization id');
      ctx.body = await identity.setPlan(ctx.state.rc.em, ctx.params.id, plan);
    })
    .get('/api/test/events', { public: true }, async (ctx) => {
      const { after } = parseInput(eventsQuery, ctx.query);
      ctx.body = { events: await events.listAfter(ctx.state.rc.em, after) };
    })
    .get('/api/test/outbox/received', { public: true }, (ctx) => {
      ctx.body = { events: received };
    });
}
