import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { TestApp } from './app';

export interface Company {
  token: string;
  userId: string;
  organizationId: string;
  email: string;
  password: string;
}

/** Signs up a new company; its owner's session token is `token`. */
export async function makeCompany(app: TestApp, overrides: Partial<{ companyName: string; email: string; password: string }> = {}): Promise<Company> {
  const email = overrides.email ?? `owner-${randomUUID()}@example.cz`;
  const password = overrides.password ?? 'correct horse battery';
  const res = await app.post('/api/v1/auth/signup', { companyName: overrides.companyName ?? 'Acme s.r.o.', email, password });
  expect(res.status, res.text).to.equal(201);
  return { token: res.body.token, userId: res.body.user.id, organizationId: res.body.organization.id, email, password };
}

/** Creates an API key for the company; returns the plain key. */
export async function makeApiKey(app: TestApp, company: Company, name = 'integration'): Promise<{ id: string; key: string }> {
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
  const created = await app.post('/api/v1/users', { email, password, role: input.role ?? 'MEMBER', permissions: input.permissions, departmentIds: input.departmentIds }, company.token);
  expect(created.status, created.text).to.equal(201);
  const login = await app.post('/api/v1/auth/login', { email, password });
  expect(login.status, login.text).to.equal(200);
  return { id: created.body.id, token: login.body.token, email, password };
}

export const UNAUTHORIZED_BODY = { error: 'Unauthorized', message: 'Invalid or expired token', code: 'UNAUTHORIZED' };
