import { expect } from 'chai';
import type { TestApp } from './app';

/** A rule's action list for tests: one INTERNAL_NOTIFICATION, which needs nothing else to succeed. */
export const NOTIFY = [{ type: 'INTERNAL_NOTIFICATION', params: { title: 'Heads up', message: 'Rule ran' } }];

/** Creates a rule (default: on document.created, no conditions, one notification). */
export async function makeAutomation(
  app: TestApp,
  token: string,
  overrides: Record<string, unknown> = {},
): Promise<any> {
  const res = await app.post(
    '/api/v1/automations',
    { name: 'Rule', triggerType: 'SYSTEM_EVENT', triggerEvent: 'document.created', actions: NOTIFY, ...overrides },
    token,
  );
  expect(res.status, res.text).to.equal(201);
  return res.body;
}

/** The newest runs of a rule (first page). */
export async function runsOf(app: TestApp, token: string, automationId: string, query = ''): Promise<any[]> {
  const res = await app.get(`/api/v1/automations/${automationId}/runs${query}`, token);
  expect(res.status, res.text).to.equal(200);
  return res.body.data;
}

/** Dispatches the outbox (the engine consumes it) and runs every job due by the app's Clock. */
export async function settle(app: TestApp): Promise<number> {
  const res = await app.post('/api/test/jobs/run-due', {});
  expect(res.status, res.text).to.equal(200);
  return res.body.ran;
}

export async function manualRun(
  app: TestApp,
  token: string,
  automationId: string,
  context: Record<string, unknown>,
): Promise<any> {
  const res = await app.post(`/api/v1/automations/${automationId}/run`, { context }, token);
  expect(res.status, res.text).to.equal(200);
  return res.body;
}
