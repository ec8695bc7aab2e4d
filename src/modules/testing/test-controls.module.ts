import type { Container } from '../../container';
import { AdjustableClock } from '../../core/clock';
import type { RecordedEvent } from '../events/event-payloads';
import { BadRequestError } from '../../core/errors';
import type { FakturaModule } from '../../core/module';
import { parseInput } from '../../core/validation';
import { planInput } from '../identity/identity.inputs';
import { clockInput, eventsQuery } from './test-controls.inputs';
import { testControlsOpenApi } from './test-controls.openapi';


/** What the test-recorder consumer received, per app (tests run several apps in one process). */
const recorded = new WeakMap<Container, RecordedEvent[]>();

/**
 * DESIGN 3 test controls: only registered with TEST_CONTROLS=1 (refused in production), no
 * authentication. They move the Clock, run due jobs, set plans and show the outbox. With
 * TEST_OUTBOX_RECORDER=1 a `test-recorder` outbox consumer keeps every event it receives in memory,
 * listed by GET /api/test/outbox/received (tests of a process restarted on the same database).
 */
export const testControlsModule: FakturaModule = {
  name: 'test-controls',
  openapi: testControlsOpenApi,
  setup(c) {
    if (!c.config.TEST_CONTROLS || !c.config.TEST_OUTBOX_RECORDER) return;
    const events: RecordedEvent[] = [];
    recorded.set(c, events);
    c.dispatcher.subscribe('test-recorder', async (_em, event) => void events.push(event));
  },
  rootRoutes(api, c) {
    if (!c.config.TEST_CONTROLS) return;
    const clock = c.clock;
    if (!(clock instanceof AdjustableClock)) throw new Error('Test controls need the AdjustableClock');
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
        await c.dispatcher.drain();
        const ran = await c.scheduler.runDue();
        await c.dispatcher.drain();
        ctx.body = { ran };
      })
      .put('/api/test/organizations/:id/plan', { public: true }, async (ctx) => {
        const { plan } = parseInput(planInput, ctx.request.body);
        if (!/^[0-9a-f-]{36}$/i.test(ctx.params.id)) throw new BadRequestError('Invalid organization id');
        ctx.body = await c.identity.setPlan(ctx.state.rc.em, ctx.params.id, plan);
      })
      .get('/api/test/events', { public: true }, async (ctx) => {
        const { after } = parseInput(eventsQuery, ctx.query);
        ctx.body = { events: await c.events.listAfter(ctx.state.rc.em, after) };
      })
      .get('/api/test/outbox/received', { public: true }, (ctx) => {
        ctx.body = { events: recorded.get(c) ?? [] };
      });
  },
};
