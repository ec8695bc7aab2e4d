import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { TestApp } from './app';

/**
 * Builders of test data. `makeX(app, token, overrides)` creates an X through the public API, checks
 * it was created and returns the record; `getX` reads one back. Defaults are valid and minimal.
 */

export interface Company {
  token: string;
  userId: string;
  organizationId: string;
  email: string;
  password: string;
}

/** Signs up a new company; its owner's session token is `token`. */
export async function makeCompany(
  app: TestApp,
  overrides: Partial<{ companyName: string; email: string; password: string }> = {},
): Promise<Company> {
  const email = overrides.email ?? `owner-${randomUUID()}@example.cz`;
  const password = overrides.password ?? 'correct horse battery';
  const res = await app.post('/api/v1/auth/signup', {
    companyName: overrides.companyName ?? 'Acme s.r.o.',
    email,
    password,
  });
  expect(res.status, res.text).to.equal(201);
  return { token: res.body.token, userId: res.body.user.id, organizationId: res.body.organization.id, email, password };
}

/** Creates an API key for the company; returns the plain key. */
export async function makeApiKey(
  app: TestApp,
  company: Company,
  name = 'integration',
): Promise<{ id: string; key: string }> {
  const res = await app.post('/api/v1/api-keys', { name }, company.token);
  expect(res.status, res.text).to.equal(201);
  return { id: res.body.id, key: res.body.key };
}

/** Creates a user in the company and logs them in; returns their session token. */
export async function makeUser(
  app: TestApp,
  company: Company,
  input: { role?: 'ADMIN' | 'MEMBER'; permissions?: Record<string, string>; departmentIds?: string[] | null } = {},
): Promise<{ id: string; token: string; email: string; password: string }> {
  const email = `user-${randomUUID()}@example.cz`;
  const password = 'another long password';
  const created = await app.post(
    '/api/v1/users',
    {
      email,
      password,
      role: input.role ?? 'MEMBER',
      permissions: input.permissions,
      departmentIds: input.departmentIds,
    },
    company.token,
  );
  expect(created.status, created.text).to.equal(201);
  const login = await app.post('/api/v1/auth/login', { email, password });
  expect(login.status, login.text).to.equal(200);
  return { id: created.body.id, token: login.body.token, email, password };
}

export const UNAUTHORIZED_BODY = { error: 'Unauthorized', message: 'Invalid or expired token', code: 'UNAUTHORIZED' };

/** Creates a contact (default: a client with a name only). */
export async function makeContact(app: TestApp, token: string, overrides: Record<string, unknown> = {}): Promise<any> {
  const res = await app.post('/api/v1/contacts', { name: 'Novák s.r.o.', ...overrides }, token);
  expect(res.status, res.text).to.equal(201);
  return res.body;
}

export async function makeProduct(app: TestApp, token: string, overrides: Record<string, unknown> = {}): Promise<any> {
  const res = await app.post(
    '/api/v1/products',
    { name: 'Konzultace', price: '1500', vatRate: 21, ...overrides },
    token,
  );
  expect(res.status, res.text).to.equal(201);
  return res.body;
}

/** The default document line: 2 × 500 + 21 % VAT = 1210. */
export const ITEM = { name: 'Consulting', quantity: 2, unit: 'h', unitPrice: 500, vatRate: 21 };

/** Creates a document (defaults: a DRAFT INVOICE with the one line ITEM). */
export async function makeDocument(app: TestApp, token: string, overrides: Record<string, unknown> = {}): Promise<any> {
  const res = await app.post('/api/v1/documents', { type: 'INVOICE', items: [ITEM], ...overrides }, token);
  expect(res.status, res.text).to.equal(201);
  return res.body;
}

export interface InvoiceOptions {
  total?: string;
  status?: 'DRAFT' | 'ISSUED' | 'PAID';
  type?: string;
  currency?: string;
  /** CZK per unit for another currency (else the app would ask ČNB). */
  exchangeRate?: string;
  variableSymbol?: string;
  departmentId?: string;
}

/** An ISSUED invoice whose total is `total` (one line, VAT 0 %, so total = unitPrice): what payments pay. */
export async function makeInvoice(app: TestApp, token: string, options: InvoiceOptions = {}): Promise<any> {
  const body: Record<string, unknown> = {
    type: options.type ?? 'INVOICE',
    status: options.status ?? 'ISSUED',
    clientName: 'Odběratel s.r.o.',
    currency: options.currency ?? 'CZK',
    items: [{ name: 'Consulting', quantity: 1, unit: 'h', unitPrice: options.total ?? '1000.00', vatRate: 0 }],
  };
  if (options.exchangeRate !== undefined) body.exchangeRate = options.exchangeRate;
  if (options.variableSymbol !== undefined) body.variableSymbol = options.variableSymbol;
  if (options.departmentId !== undefined) body.departmentId = options.departmentId;
  return makeDocument(app, token, body);
}

export async function getDocument(app: TestApp, token: string, id: string): Promise<any> {
  const res = await app.get(`/api/v1/documents/${id}`, token);
  expect(res.status, res.text).to.equal(200);
  return res.body;
}

export async function makeBankAccount(
  app: TestApp,
  token: string,
  overrides: Record<string, unknown> = {},
): Promise<any> {
  const res = await app.post(
    '/api/v1/bank-accounts',
    { name: 'Běžný účet', accountNumber: '2000145399/2010', currency: 'CZK', ...overrides },
    token,
  );
  expect(res.status, res.text).to.equal(201);
  return res.body;
}

let paymentLines = 0;

/** A bank statement line with a fresh transaction id (not sent; see importPayments). */
export function makePaymentLine(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  paymentLines += 1;
  return {
    transactionId: `TX-${Date.now()}-${paymentLines}`,
    amount: '1000.00',
    currency: 'CZK',
    direction: 'IN',
    receivedAt: '2026-03-02T09:15:00Z',
    variableSymbol: null,
    counterAccount: '123456789/0800',
    ...overrides,
  };
}

/** Imports statement lines into a bank account; returns the import result. */
export async function importPayments(
  app: TestApp,
  token: string,
  bankAccountId: string,
  lines: Record<string, unknown>[],
): Promise<any> {
  const res = await app.post('/api/v1/payments/import', { bankAccountId, payments: lines }, token);
  expect(res.status, res.text).to.equal(200);
  return res.body;
}

/** The VAT report's reverseChargeSales of a period without reverse-charge sales: every regime at 0. */
export const NO_REVERSE_CHARGE_SALES = [
  { regime: 'EU_GOODS', line: 20, base: '0.00' },
  { regime: 'EU_SERVICES', line: 21, base: '0.00' },
  { regime: 'DOMESTIC', line: 25, base: '0.00' },
];
