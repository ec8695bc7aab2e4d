import { expect } from 'chai';
import type { TestApp } from './app';

/** Dispatches the outbox, runs due jobs, then waits until the app's webhook sender has nothing due or in flight. */
export async function settleWebhooks(...apps: TestApp[]): Promise<void> {
  for (const app of apps) {
    const res = await app.post('/api/test/jobs/run-due', {});
    expect(res.status, res.text).to.equal(200);
  }
  await Promise.all(apps.map((app) => app.app.container.services.webhooks.sender.settle()));
}

export async function makeWebhook(app: TestApp, token: string, overrides: Record<string, unknown> = {}): Promise<any> {
  const res = await app.post(
    '/api/v1/webhooks',
    { name: 'ERP', url: 'https://hooks.example.test/in', events: ['contact.created'], ...overrides },
    token,
  );
  expect(res.status, res.text).to.equal(201);
  return res.body;
}

export async function deliveriesOf(app: TestApp, token: string, webhookId: string, query = ''): Promise<any[]> {
  const res = await app.get(`/api/v1/webhooks/${webhookId}/deliveries${query}`, token);
  expect(res.status, res.text).to.equal(200);
  return res.body.data;
}

/** GitHub's verifier (ESM-only): a real dynamic import, which the TypeScript compiler would turn into require(). */
export async function octokitVerify(): Promise<(secret: string, body: string, signature: string) => Promise<boolean>> {
  // The package exports only an `import` condition, so require() cannot load it; swc would turn import() into require().
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  const load = new Function('specifier', 'return import(specifier)') as (
    s: string,
  ) => Promise<typeof import('@octokit/webhooks-methods')>;
  return (await load('@octokit/webhooks-methods')).verify;
}
