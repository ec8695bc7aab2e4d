import { expect } from 'chai';
import { startTestApp, type TestApp } from '../helpers/app';
import { type Company, makeApiKey, makeCompany, makeProduct, makeUser } from '../helpers/fixtures';
import { lastEventSeq, orgEvents } from '../helpers/outbox';

describe('products: catalog events and the documents section', () => {
  let app: TestApp;
  let company: Company;
  let key: string;
  before(async () => {
    app = await startTestApp();
    company = await makeCompany(app);
    key = (await makeApiKey(app, company)).key;
  });
  after(() => app.stop());

  it('POST, PATCH and DELETE record product.created, product.updated and product.archived with the SPEC 6.3 payload', async () => {
    const seq = await lastEventSeq(app);
    const product = await makeProduct(app, key, {
      name: 'Licence',
      sku: 'LIC',
      unit: 'ks',
      price: '1210.50',
      vatRate: 21,
    });
    await app.patch(`/api/v1/products/${product.id}`, { price: 999.9, vatRate: 12 }, key);
    await app.patch(`/api/v1/products/${product.id}`, { price: '999.90', name: 'Licence' }, key);
    await app.del(`/api/v1/products/${product.id}`, key);
    await app.del(`/api/v1/products/${product.id}`, key);
    await app.patch(`/api/v1/products/${product.id}`, { active: true }, key);
    const base = { id: product.id, name: 'Licence', sku: 'LIC', unit: 'ks' };
    expect(await orgEvents(app, company.organizationId, seq)).to.deep.equal([
      ['product.created', { ...base, price: 1210.5, vatRate: 21, active: true }],
      ['product.updated', { ...base, price: 999.9, vatRate: 12, active: true }],
      ['product.archived', { ...base, price: 999.9, vatRate: 12, active: false }],
      ['product.updated', { ...base, price: 999.9, vatRate: 12, active: true }],
    ]);
  });

  it('records nothing for refused requests', async () => {
    const product = await makeProduct(app, key);
    const seq = await lastEventSeq(app);
    await app.post('/api/v1/products', { name: 'X', price: 'x', vatRate: 21 }, key);
    await app.patch(`/api/v1/products/${product.id}`, { price: '1.001' }, key);
    expect(await orgEvents(app, company.organizationId, seq)).to.deep.equal([]);
  });

  it('records product.archived once when 20 DELETEs of one product race', async () => {
    const product = await makeProduct(app, key);
    const url = `/api/v1/products/${product.id}`;
    // Open the connections first so the DELETEs really overlap on the server.
    await Promise.all(Array.from({ length: 20 }, () => app.get(url, company.token)));
    const seq = await lastEventSeq(app);
    const results = await Promise.all(Array.from({ length: 20 }, () => app.del(url, company.token)));
    expect(results.map((r) => r.status)).to.deep.equal(Array(20).fill(200));
    expect((await orgEvents(app, company.organizationId, seq)).map(([e]) => e)).to.deep.equal(['product.archived']);
  });

  it('needs documents:read to read and documents:write to change the price list', async () => {
    const product = await makeProduct(app, key);
    const forbidden = (scope: string) => ({
      error: 'Forbidden',
      message: `This credential lacks the scope ${scope}`,
      code: 'FORBIDDEN',
      details: { requiredScope: scope },
    });
    const outsider = await makeUser(app, company, { permissions: { contacts: 'write' } });
    for (const [res, scope] of [
      [await app.get('/api/v1/products', outsider.token), 'documents:read'],
      [await app.get(`/api/v1/products/${product.id}`, outsider.token), 'documents:read'],
      [await app.post('/api/v1/products', { name: 'X', price: 1, vatRate: 21 }, outsider.token), 'documents:write'],
      [await app.patch(`/api/v1/products/${product.id}`, { name: 'X' }, outsider.token), 'documents:write'],
      [await app.del(`/api/v1/products/${product.id}`, outsider.token), 'documents:write'],
    ] as const) {
      expect(res.status).to.equal(403);
      expect(res.body).to.deep.equal(forbidden(scope));
    }
    const reader = await makeUser(app, company, { permissions: { documents: 'read' } });
    expect((await app.get(`/api/v1/products/${product.id}`, reader.token)).status).to.equal(200);
    expect((await app.del(`/api/v1/products/${product.id}`, reader.token)).body).to.deep.equal(
      forbidden('documents:write'),
    );
    expect((await app.get(`/api/v1/products/${product.id}`, key)).body.active).to.equal(true);
    expect((await app.get('/api/v1/products')).status).to.equal(401);
  });
});
