import { expect } from 'chai';
import type { TestApp } from '../helpers/app';

/** Creates a contact through the API; returns the record. */
export async function makeContact(app: TestApp, token: string, overrides: Record<string, unknown> = {}): Promise<any> {
  const res = await app.post('/api/v1/contacts', { name: 'Novák s.r.o.', ...overrides }, token);
  expect(res.status, res.text).to.equal(201);
  return res.body;
}

export const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
