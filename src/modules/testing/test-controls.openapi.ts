import { planInput } from '../identity/identity.module';
import * as oa from '../../core/openapi/builders';
import { clockInput, eventsQuery } from './test-controls.inputs';

/** DESIGN 3 test controls. Marked x-test-control: the description lists them only where TEST_CONTROLS=1. */
const control = (spec: Omit<oa.OperationSpec, 'tags' | 'access'>) =>
  oa.operation({ ...spec, tags: ['Test controls'], access: { public: true }, extra: { 'x-test-control': true } });
const now = oa.object({ now: oa.dateTime });
const event = oa.object({
  seq: { ...oa.string, pattern: '^\\d+$' },
  event: oa.string,
  organizationId: oa.uuid,
  data: { type: 'object' },
  createdAt: oa.dateTime,
});

export const testControlsOpenApi: oa.PathItems = {
  '/api/test/clock': {
    get: control({
      operationId: 'testGetClock',
      summary: 'The Clock of the app',
      ok: { description: 'Now', schema: now },
    }),
    post: control({
      operationId: 'testMoveClock',
      summary: 'Move the Clock',
      body: clockInput,
      ok: { description: 'The new now', schema: now },
      errors: ['400'],
    }),
  },
  '/api/test/jobs/run-due': {
    post: control({
      operationId: 'testRunDueJobs',
      summary: 'Run every job due by the Clock, to completion',
      ok: { description: 'How many ran', schema: oa.object({ ran: oa.integer }) },
    }),
  },
  '/api/test/organizations/{id}/plan': {
    put: control({
      operationId: 'testSetPlan',
      summary: "Set an organization's plan",

      parameters: [oa.pathParameter('id', 'Organization id')],
      body: planInput,
      ok: { description: 'The organization', schema: oa.object({ id: oa.uuid, name: oa.string, plan: oa.string }) },
      errors: ['400', '404'],
    }),
  },
  '/api/test/events': {
    get: control({
      operationId: 'testListEvents',
      summary: 'Outbox events after a seq, in order (up to 1000)',

      parameters: oa.queryParameters(eventsQuery, { after: 'Only events with a greater seq' }),
      ok: { description: 'The events', schema: oa.object({ events: { type: 'array', items: event } }) },
      errors: ['400'],
    }),
  },
  '/api/test/outbox/received': {
    get: control({
      operationId: 'testOutboxReceived',
      summary: 'Events the test-recorder consumer received in this process (TEST_OUTBOX_RECORDER=1), in delivery order',
      ok: { description: 'The events', schema: oa.object({ events: { type: 'array', items: event } }) },
    }),
  },
};
