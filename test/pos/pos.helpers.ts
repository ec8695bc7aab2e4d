import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { Client } from 'pg';
import { startTestApp, type HttpResult, type TestApp } from '../helpers/app';
import { makeCompany, type Company } from '../helpers/fixtures';

/** Registers and POS calls for the tests under test/pos. */

/** An app, a company with one register, and a direct database client to check what was written. */
export interface PosFixture {
  app: TestApp;
  company: Company;
  device: { id: string; token: string };
  db: Client;
}

export async function startPosFixture(): Promise<PosFixture> {
  const app = await startTestApp();
  const company = await makeCompany(app);
  const device = await makeDevice(app, company);
  const db = new Client({ connectionString: app.databaseUrl });
  await db.connect();
  return { app, company, device, db };
}

export async function stopPosFixture(f: Partial<PosFixture>): Promise<void> {
  await f.db?.end();
  await f.app?.stop();
}

export async function makeDevice(
  app: TestApp,
  company: Company,
  overrides: Record<string, unknown> = {},
): Promise<{ id: string; token: string }> {
  const res = await app.post('/api/v1/pos-devices', { name: 'Pokladna 1', prefix: 'P1', ...overrides }, company.token);
  expect(res.status, res.text).to.equal(201);
  return { id: res.body.id, token: res.body.token };
}

export const LINE = { name: 'Káva', quantity: 2, unitPrice: 45.5, vatRate: 12 };

let numbers = 0;
/** A fresh document number (unique within the test run). */
export function nextNumber(prefix = 'P1-'): string {
  numbers += 1;
  return `${prefix}${Date.now() % 1e7}${String(numbers).padStart(5, '0')}`;
}

/** A valid SIMPLIFIED receipt with a fresh number; issuedAt is the test epoch's moment unless given. */
export function receipt(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    number: nextNumber(),
    documentType: 'SIMPLIFIED',
    issuedAt: '2026-06-17T08:30:00Z',
    paymentMethod: 'CASH',
    items: [LINE],
    ...overrides,
  };
}

export function posPost(
  app: TestApp,
  path: string,
  token: string,
  body: unknown,
  key: string | null = randomUUID(),
): Promise<HttpResult> {
  return app.request('POST', `/api/pos${path}`, {
    token,
    body,
    headers: key === null ? {} : { 'idempotency-key': key },
  });
}

export async function issueOk(
  app: TestApp,
  token: string,
  body: Record<string, unknown> = receipt(),
  key: string = randomUUID(),
): Promise<any> {
  const res = await posPost(app, '/documents', token, body, key);
  expect(res.status, res.text).to.equal(201);
  return res.body.data;
}
