import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { ALL_SCOPES } from '../../src/core/access';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeBankAccount, makeCompany, type Company } from '../helpers/fixtures';

/**
 * OAuth protocol parameters and the HTML pages are read by hand, not by a zod schema; their bounds
 * are issue 11's OAuth point (6), taken separately.
 */
const PROTOCOL_OPERATIONS = new Set([
  'GET /api/v1/oauth/authorize',
  'POST /api/v1/oauth/token',
  'POST /api/v1/oauth/revoke',
  'GET /app/login',
  'POST /app/login',
  'GET /app/oauth/consent',
  'POST /app/oauth/consent',
]);
/** Fixed-shape formats: a value longer than the format allows is already refused. */
const BOUNDED_FORMATS = new Set(['uuid', 'date', 'date-time']);

type JsonSchema = Record<string, any>;

/** Every string without a maximum length and every array without a maximum size inside a schema. */
function unbounded(schema: JsonSchema | undefined, where: string, found: string[]): string[] {
  if (!schema || typeof schema !== 'object' || schema.$ref) return found;
  const types: unknown[] = Array.isArray(schema.type) ? schema.type : [schema.type];
  const fixed = schema.enum !== undefined || schema.const !== undefined || BOUNDED_FORMATS.has(schema.format);
  if (types.includes('string') && schema.maxLength === undefined && !fixed)
    found.push(`${where}: string without maxLength`);
  if (types.includes('array') && schema.maxItems === undefined) found.push(`${where}: array without maxItems`);
  for (const key of ['anyOf', 'oneOf', 'allOf']) for (const sub of schema[key] ?? []) unbounded(sub, where, found);
  for (const [name, sub] of Object.entries(schema.properties ?? {}))
    unbounded(sub as JsonSchema, `${where}.${name}`, found);
  unbounded(schema.items, `${where}[]`, found);
  return found;
}

describe('input bounds: every string and array has a maximum, dates a sane range (issue 11)', () => {
  let app: TestApp;
  let company: Company;
  before(async () => {
    app = await startTestApp();
    company = await makeCompany(app);
  });
  after(() => app.stop());

  it('declares maxLength / maxItems for every body field and query parameter in the OpenAPI description', async () => {
    const doc = (await app.get('/api/v1/openapi.json')).body;
    const found: string[] = [];
    for (const [path, item] of Object.entries<Record<string, any>>(doc.paths)) {
      for (const [method, op] of Object.entries<any>(item)) {
        if (!op?.responses || PROTOCOL_OPERATIONS.has(`${method.toUpperCase()} ${path}`)) continue;
        for (const [type, media] of Object.entries<any>(op.requestBody?.content ?? {}))
          unbounded(media.schema, `${method} ${path} ${type}`, found);
        for (const p of op.parameters ?? []) if (p.schema) unbounded(p.schema, `${method} ${path} ?${p.name}`, found);
      }
    }
    for (const [name, p] of Object.entries<any>(doc.components.parameters))
      unbounded(p.schema, `parameter ${name}`, found);
    expect(found).to.deep.equal([]);
    const createContact = doc.paths['/api/v1/contacts'].post.requestBody.content['application/json'].schema;
    expect(createContact.properties.name).to.include({ maxLength: 200 });
    expect(
      doc.paths['/api/v1/users'].post.requestBody.content['application/json'].schema.properties.departmentIds.anyOf[0],
    ).to.include({ maxItems: 100 });
  });

  it('refuses dates outside 2000-01-01..2100-12-31 with 400 naming the field, and accepts both ends', async () => {
    const item = { name: 'Work', quantity: 1, unitPrice: 100, vatRate: 21 };
    const late = await app.post(
      '/api/v1/documents',
      { type: 'INVOICE', items: [item], issuedAt: '2026-01-01', dueAt: '9999-12-31' },
      company.token,
    );
    expect(late.status).to.equal(400);
    expect(late.body.code).to.equal('VALIDATION_FAILED');
    expect(late.body.details).to.deep.equal([{ path: 'dueAt', message: 'must be between 2000-01-01 and 2100-12-31' }]);
    const early = await app.post(
      '/api/v1/documents',
      { type: 'INVOICE', items: [item], issuedAt: '1999-12-31T12:00:00Z' },
      company.token,
    );
    expect(early.body.details).to.deep.equal([
      { path: 'issuedAt', message: 'must be between 2000-01-01 and 2100-12-31' },
    ]);
    const ends = await app.post(
      '/api/v1/documents',
      { type: 'INVOICE', items: [item], issuedAt: '2000-01-01', dueAt: '2100-12-31' },
      company.token,
    );
    expect(ends.status, ends.text).to.equal(201);

    const account = await makeBankAccount(app, company.token);
    const line = { transactionId: 'T-1', amount: '10.00', direction: 'IN', receivedAt: '2101-01-01' };
    const imported = await app.post(
      '/api/v1/payments/import',
      { bankAccountId: account.id, payments: [line] },
      company.token,
    );
    expect(imported.status).to.equal(400);
    expect(imported.body.details[0].path).to.equal('payments[0].receivedAt');
    for (const query of ['/api/v1/documents?from=1999-01-01', '/api/v1/reports/vat?from=2026-01-01&to=2101-01-01']) {
      const res = await app.get(query, company.token);
      expect(res.status, query).to.equal(400);
      expect(res.body.details[0].message, query).to.equal('must be between 2000-01-01 and 2100-12-31');
    }
  });

  it('refuses over-long strings and over-long arrays with 400 naming the field', async () => {
    const longName = await app.post('/api/v1/contacts', { name: 'x'.repeat(201) }, company.token);
    expect(longName.status).to.equal(400);
    expect(longName.body.details[0].path).to.equal('name');
    const departments = Array.from({ length: 101 }, () => randomUUID());
    const user = await app.post(
      '/api/v1/users',
      { email: `u-${randomUUID()}@example.cz`, password: 'long enough password', departmentIds: departments },
      company.token,
    );
    expect(user.status).to.equal(400);
    expect(user.body.details.map((d: { path: string }) => d.path)).to.deep.equal(['departmentIds']);
    const scopes = Array.from({ length: 51 }, (_, i) => ALL_SCOPES[i % ALL_SCOPES.length]);
    const application = await app.post(
      '/api/v1/oauth/applications',
      { name: 'App', redirectUris: ['https://app.example/cb'], scopes },
      company.token,
    );
    expect(application.status).to.equal(400);
    expect(application.body.details.map((d: { path: string }) => d.path)).to.deep.equal(['scopes']);
  });
});
