import { expect } from 'chai';
import type { TestApp } from './app';

/** The test controls (/api/test, TEST_CONTROLS=1): the app's Clock and an organization's plan. */

/** Moves the app's Clock to `now` (DESIGN 3); time keeps flowing from there. */
export async function setClock(app: TestApp, now: string): Promise<void> {
  const res = await app.post('/api/test/clock', { now });
  expect(res.status, res.text).to.equal(200);
}

export async function advanceClock(app: TestApp, seconds: number): Promise<void> {
  const res = await app.post('/api/test/clock', { advanceSeconds: seconds });
  expect(res.status, res.text).to.equal(200);
}

export async function setPlan(
  app: TestApp,
  organizationId: string,
  plan: 'FREE' | 'BASIC' | 'PRO' | 'AI',
): Promise<void> {
  const res = await app.put(`/api/test/organizations/${organizationId}/plan`, { plan });
  expect(res.status, res.text).to.equal(200);
}
