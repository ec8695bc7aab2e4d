import { planInput } from '../identity/identity.module';
import {
  dateTime,
  integer,
  object,
  operation,
  pathParameter,
  queryParameters,
  string,
  uuid,
  type OperationSpec,
  type PathItems,
} from '../../core/openapi/builders';
import { clockInput, eventsQuery } from './test-controls.inputs';

/** DESIGN 3 test controls. Marked x-test-control: the description lists them only where TEST_CONTROLS=1. */
const control = (spec: Omit<OperationSpec, 'tags' | 'access'>) =>
  operation({ ...spec, tags: ['Test controls'], access: { public: true }, extra: { 'x-test-control': true } });
const now = object({ now: dateTime });
const event = object({
  seq: { ...string, pattern: '^\\d+$' },
  event: string,
  organizationId: uuid,
  data: { type: 'object' },
  createdAt: dateTime,
});

export const testControlsOpenApi: PathItems = {
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
      ok: { description: 'How many ran', schema: object({ ran: integer }) },
    }),
  },
  '/api/test/organizations/{id}/plan': {
    put: control({
      operationId: 'testSetPlan',
      summary: "Set an organization's plan",

      parameters: [pathParameter('id', 'Organization id')],
      body: planInput,
      ok: { description: 'The organization', schema: object({ id: uuid, name: string, plan: string }) },
      errors: ['400', '404'],
    }),
  },
  '/api/test/events': {
    get: control({
      operationId: 'testListEvents',
      summary: 'Outbox events after a seq, in order (up to 1000)',

      parameters: queryParameters(eventsQuery, { after: 'Only events with a greater seq' }),
      ok: { description: 'The events', schema: object({ events: { type: 'array', items: event } }) },
      errors: ['400'],
    }),
  },
  '/api/test/outbox/received': {
    get: control({
      operationId: 'testOutboxReceived',
      summary: 'Events the test-recorder consumer received in this process (TEST_OUTBOX_RECORDER=1), in delivery order',
      ok: { description: 'The events', schema: object({ events: { type: 'array', items: event } }) },
    }),
  },
};
