import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { startTestApp, type TestApp } from '../helpers/app';
import { type Company, makeApiKey, makeCompany, makeProduct } from '../helpers/fixtures';

describe('products: REST price list', () => {
  let app: TestApp;
  let company: Company;
  let key: string;
  before(async () => {
    app = await startTestApp();
    company = await makeCompany(app);
    key = (await makeApiKey(app, company)).key;
  });
  after(() => app.stop());

  it('creates a product; price is an exact 2-place decimal string', async () => {
    const res = await app.post(
      '/api/v1/products',
      { name: ' Hodina práce ', sku: 'HP-1', unit: 'hod', price: '1210.5', vatRate: '21', extra: true },
      key,
    );
    expect(res.status, res.text).to.equal(201);
    expect(res.body).to.deep.equal({
      id: res.body.id,
      name: 'Hodina práce',
      sku: 'HP-1',
      unit: 'hod',
      price: '1210.50',
      vatRate: 21,
      active: true,
      createdAt: res.body.createdAt,
      updatedAt: res.body.createdAt,
    });
    expect((await app.get(`/api/v1/products/${res.body.id}`, key)).body).to.deep.equal(res.body);
  });

  it('accepts numbers for price and vatRate and defaults the unit to ks', async () => {
    const product = await makeProduct(app, key, { price: 99.99, vatRate: 12, sku: '' });
    expect(product).to.deep.include({ price: '99.99', vatRate: 12, unit: 'ks', sku: null });
    const big = await makeProduct(app, key, { price: '999999999999.99', vatRate: 0 });
    expect(big).to.deep.include({ price: '999999999999.99', vatRate: 0 });
  });

  it('refuses wrong input with 400 VALIDATION_FAILED naming the fields', async () => {
    const cases: [unknown, string[]][] = [
      [{}, ['name', 'price', 'vatRate']],
      [{ name: 'A', price: 'abc', vatRate: 21 }, ['price']],
      [{ name: 'A', price: '10.001', vatRate: 21 }, ['price']],
      [{ name: 'A', price: 0.1 + 0.2, vatRate: 21 }, ['price']],
      [{ name: 'A', price: -1, vatRate: 21 }, ['price']],
      [{ name: 'A', price: '1e3', vatRate: 21 }, ['price']],
      [{ name: 'A', price: '1000000000000', vatRate: 21 }, ['price']],
      [{ name: 'A', price: true, vatRate: 21 }, ['price']],
      [{ name: 'A', price: 1, vatRate: 101 }, ['vatRate']],
      [{ name: 'A', price: 1, vatRate: null }, ['vatRate']],
      [{ name: 'A', price: 1, vatRate: 21, unit: '' }, ['unit']],
      [{ name: ['A'], price: 1, vatRate: 21 }, ['name']],
    ];
    for (const [body, paths] of cases) {
      const res = await app.post('/api/v1/products', body, key);
      expect(res.status, JSON.stringify(body)).to.equal(400);
      expect(res.body.code).to.equal('VALIDATION_FAILED');
      expect(
        res.body.details.map((d: { path: string }) => d.path),
        JSON.stringify(body),
      ).to.deep.equal(paths);
    }
  });

  it('changes only the fields sent', async () => {
    const product = await makeProduct(app, key, { sku: 'X-1' });
    const res = await app.patch(`/api/v1/products/${product.id}`, { price: '1600.00', sku: null }, key);
    expect(res.status, res.text).to.equal(200);
    expect(res.body).to.deep.include({
      name: 'Konzultace',
      price: '1600.00',
      vatRate: 21,
      sku: null,
      unit: 'ks',
      active: true,
    });
    for (const body of [{ price: 'free' }, { vatRate: -1 }, { active: 'no' }, { name: '' }, { unit: null }]) {
      const bad = await app.patch(`/api/v1/products/${product.id}`, body, key);
      expect(bad.status, JSON.stringify(body)).to.equal(400);
      expect(bad.body.code).to.equal('VALIDATION_FAILED');
    }
  });

  it('DELETE deactivates (soft delete); the product stays readable and can come back', async () => {
    const product = await makeProduct(app, key);
    const del = await app.del(`/api/v1/products/${product.id}`, key);
    expect(del.status, del.text).to.equal(200);
    expect(del.body).to.deep.include({ id: product.id, active: false, price: '1500.00' });
    expect((await app.get(`/api/v1/products/${product.id}`, key)).body.active).to.equal(false);
    expect((await app.del(`/api/v1/products/${product.id}`, key)).body.active).to.equal(false);
    const back = await app.patch(`/api/v1/products/${product.id}`, { active: true }, key);
    expect(back.body.active).to.equal(true);
  });

  it('answers 404 for unknown ids, ids that are not UUIDs and products of another organization', async () => {
    const other = await makeCompany(app);
    const foreign = await makeProduct(app, other.token, { name: 'Cizí' });
    for (const id of [randomUUID(), '123', foreign.id]) {
      for (const res of [
        await app.get(`/api/v1/products/${id}`, key),
        await app.patch(`/api/v1/products/${id}`, { name: 'Moje' }, key),
        await app.del(`/api/v1/products/${id}`, key),
      ]) {
        expect(res.status, id).to.equal(404);
        expect(res.body).to.deep.equal({ error: 'Not Found', message: 'Product not found', code: 'NOT_FOUND' });
      }
    }
    expect((await app.get(`/api/v1/products/${foreign.id}`, other.token)).body).to.include({
      name: 'Cizí',
      active: true,
    });
  });

  it('lists the own price list with active and search filters, paged', async () => {
    const shop = await makeCompany(app);
    for (const [name, sku] of [
      ['Šroub M6', 'SR-6'],
      ['Šroub M8', 'SR-8'],
      ['Matice 50%', 'MT-1'],
      ['Podložka', null],
    ]) {
      await makeProduct(app, shop.token, { name, sku });
    }
    const list = async (query: string) => {
      const res = await app.get(`/api/v1/products${query}`, shop.token);
      expect(res.status, res.text).to.equal(200);
      return res.body;
    };
    const all = await list('');
    expect(all.data.map((p: { name: string }) => p.name)).to.deep.equal([
      'Šroub M6',
      'Šroub M8',
      'Matice 50%',
      'Podložka',
    ]);
    await app.del(`/api/v1/products/${all.data[1].id}`, shop.token);
    const names = async (query: string) => (await list(query)).data.map((p: { name: string }) => p.name);
    expect(await names('?active=true')).to.deep.equal(['Šroub M6', 'Matice 50%', 'Podložka']);
    expect(await names('?active=false')).to.deep.equal(['Šroub M8']);
    expect(await names('?search=šroub')).to.deep.equal(['Šroub M6', 'Šroub M8']);
    expect(await names('?search=sr-6')).to.deep.equal(['Šroub M6']);
    expect(await names('?search=50%25')).to.deep.equal(['Matice 50%']);
    const first = await list('?limit=3');
    expect(first.data).to.have.length(3);
    const second = await list(`?limit=3&cursor=${first.nextCursor}`);
    expect(second).to.deep.equal({ data: [all.data[3]], nextCursor: null });
    for (const query of ['?limit=0', '?active=1', '?cursor=%%%']) {
      expect((await app.get(`/api/v1/products${query}`, shop.token)).status, query).to.equal(400);
    }
  });
});
