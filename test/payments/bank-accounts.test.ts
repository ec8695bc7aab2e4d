import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { startTestApp, type TestApp } from '../helpers/app';
import { paymentsOpenApi } from '../../src/modules/payments/payments.openapi';
import {
  type Company,
  makeApiKey,
  makeBankAccount,
  makeCompany,
  makeUser,
  UNAUTHORIZED_BODY,
} from '../helpers/fixtures';

describe('bank accounts', () => {
  let app: TestApp;
  let company: Company;
  before(async () => {
    app = await startTestApp();
    company = await makeCompany(app);
  });
  after(() => app.stop());

  it('creates an account and returns the record', async () => {
    const res = await app.post(
      '/api/v1/bank-accounts',
      {
        name: ' Fio CZK ',
        accountNumber: '19-2000145399/0800',
        iban: 'cz65 0800 0000 1920 0014 5399',
        currency: 'czk',
        extra: 'ignored',
      },
      company.token,
    );
    expect(res.status, res.text).to.equal(201);
    const { id, createdAt, updatedAt, ...rest } = res.body;
    expect(id).to.match(/^[0-9a-f-]{36}$/);
    expect(createdAt).to.match(/Z$/);
    expect(updatedAt).to.equal(createdAt);
    expect(rest).to.deep.equal({
      name: 'Fio CZK',
      accountNumber: '19-2000145399/0800',
      iban: 'CZ6508000000192000145399',
      currency: 'CZK',
      kind: 'BANK',
      connection: null,
    });
    const fetched = await app.get(`/api/v1/bank-accounts/${id}`, company.token);
    expect(fetched.status).to.equal(200);
    expect(fetched.body).to.deep.equal(res.body);
  });

  it('accepts an IBAN alone and defaults the currency to CZK', async () => {
    const res = await app.post('/api/v1/bank-accounts', { name: 'EUR', iban: 'DE89370400440532013000' }, company.token);
    expect(res.status, res.text).to.equal(201);
    expect(res.body).to.include({ accountNumber: null, iban: 'DE89370400440532013000', currency: 'CZK' });
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ['a missing name', { accountNumber: '2000145399/2010' }, 'name'],
    ['a name of the wrong type', { name: 42, accountNumber: '2000145399/2010' }, 'name'],
    ['neither account number nor IBAN', { name: 'X' }, 'accountNumber'],
    ['a malformed account number', { name: 'X', accountNumber: '2000145399' }, 'accountNumber'],
    ['an IBAN with a wrong checksum', { name: 'X', iban: 'CZ6508000000192000145398' }, 'iban'],
    ['a currency that is not ISO 4217', { name: 'X', accountNumber: '2000145399/2010', currency: 'Kč' }, 'currency'],
    ['a currency of the wrong type', { name: 'X', accountNumber: '2000145399/2010', currency: 203 }, 'currency'],
  ];
  for (const [what, body, path] of invalid) {
    it(`rejects ${what} with 400 VALIDATION_FAILED`, async () => {
      const res = await app.post('/api/v1/bank-accounts', body, company.token);
      expect(res.status, res.text).to.equal(400);
      expect(res.body.code).to.equal('VALIDATION_FAILED');
      expect(res.body.details.map((d: { path: string }) => d.path)).to.include(path);
    });
  }

  it('rejects malformed JSON with 400 INVALID_JSON', async () => {
    const res = await app.request('POST', '/api/v1/bank-accounts', {
      token: company.token,
      raw: '{"name":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).to.equal(400);
    expect(res.body.code).to.equal('INVALID_JSON');
  });

  it('lists only the organization’s accounts, paginated', async () => {
    const other = await makeCompany(app);
    await makeBankAccount(app, other.token, { name: 'Foreign' });
    const own = await makeCompany(app);
    const created = [];
    for (let i = 0; i < 3; i++) created.push(await makeBankAccount(app, own.token, { name: `Account ${i}` }));
    const first = await app.get('/api/v1/bank-accounts?limit=2', own.token);
    expect(first.status).to.equal(200);
    expect(first.body.data.map((a: { id: string }) => a.id)).to.deep.equal(created.slice(0, 2).map((a) => a.id));
    expect(first.body.nextCursor).to.be.a('string');
    const second = await app.get(`/api/v1/bank-accounts?limit=2&cursor=${first.body.nextCursor}`, own.token);
    expect(second.body).to.deep.equal({ data: [created[2]], nextCursor: null });
    const bad = await app.get('/api/v1/bank-accounts?limit=abc', own.token);
    expect(bad.status).to.equal(400);
    expect(bad.body.code).to.equal('VALIDATION_FAILED');
  });

  it('answers 404 for unknown ids, non-UUIDs and other organizations’ accounts', async () => {
    const other = await makeCompany(app);
    const foreign = await makeBankAccount(app, other.token);
    for (const id of [randomUUID(), 'not-a-uuid', foreign.id]) {
      const res = await app.get(`/api/v1/bank-accounts/${id}`, company.token);
      expect(res.status, id).to.equal(404);
      expect(res.body).to.deep.equal({ error: 'Not Found', message: 'Bank account not found', code: 'NOT_FOUND' });
    }
  });

  it('needs the payments section: read to list, write to create', async () => {
    const account = await makeBankAccount(app, company.token);
    const none = await makeUser(app, company, { permissions: { documents: 'write' } });
    const reader = await makeUser(app, company, { permissions: { payments: 'read' } });
    const forbidden = (scope: string) => ({
      error: 'Forbidden',
      message: `This credential lacks the scope ${scope}`,
      code: 'FORBIDDEN',
      details: { requiredScope: scope },
    });
    expect((await app.get('/api/v1/bank-accounts', none.token)).body).to.deep.equal(forbidden('payments:read'));
    expect((await app.get(`/api/v1/bank-accounts/${account.id}`, none.token)).status).to.equal(403);
    const create = await app.post(
      '/api/v1/bank-accounts',
      { name: 'X', accountNumber: '2000145399/2010' },
      reader.token,
    );
    expect(create.status).to.equal(403);
    expect(create.body).to.deep.equal(forbidden('payments:write'));
    expect((await app.get(`/api/v1/bank-accounts/${account.id}`, reader.token)).status).to.equal(200);
  });

  it('describes every payments route, with its access, in /api/v1/openapi.json', async () => {
    const routes = app.app.routes
      .filter((r) => /^\/api\/v1\/(payments|bank-accounts)\b/.test(r.path))
      .map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, '{$1}')} ${r.access}`);
    const res = await app.get('/api/v1/openapi.json');
    expect(res.status).to.equal(200);
    const described = Object.keys(paymentsOpenApi).flatMap((path) =>
      Object.entries(res.body.paths[path]).map(
        ([method, op]: [string, any]) => `${method.toUpperCase()} ${path} ${op['x-faktura-access']}`,
      ),
    );
    expect(described.sort()).to.deep.equal(routes.sort());
  });

  it('serves API keys and refuses missing credentials', async () => {
    const key = await makeApiKey(app, company);
    expect((await app.get('/api/v1/bank-accounts', key.key)).status).to.equal(200);
    const anonymous = await app.get('/api/v1/bank-accounts');
    expect(anonymous.status).to.equal(401);
    expect(anonymous.body).to.deep.equal(UNAUTHORIZED_BODY);
  });
});
