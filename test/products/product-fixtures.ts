import { expect } from 'chai';
import type { TestApp } from '../helpers/app';

/** Creates a product through the API; returns the record. */
export async function makeProduct(app: TestApp, token: string, overrides: Record<string, unknown> = {}): Promise<any> {
  const res = await app.post('/api/v1/products', { name: 'Konzultace', price: '1500', vatRate: 21, ...overrides }, token);
  expect(res.status, res.text).to.equal(201);
  return res.body;
}
